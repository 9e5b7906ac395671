import type { Clock } from '../../clock';
import type { Log } from '../../log';
import { MAX_TYPO_LETTERS, SHORT_TYPO_LETTERS } from './search-terms';

/**
 * "Did you mean …?" for a search that found nothing (docs/shop-rules.md, "Finding parts";
 * docs/search.md): each word the catalogue has no word starting with is replaced by the nearest
 * word it has, by edit distance. Pure text work on a vocabulary held in memory; the vocabulary is
 * read from the search index (parts-search.ts) and the suggestion is offered only when it finds parts.
 */

/** At most this many of the catalogue's words are kept, the most common first (about 2 MB). */
export const MAX_VOCABULARY_WORDS = 100_000;
/** A vocabulary older than this is read again, in the background, the next time one is needed. */
export const VOCABULARY_MAX_AGE_MS = 10 * 60_000;
/** After a failed read, the next is tried no sooner than this. */
const VOCABULARY_RETRY_MS = 60_000;
/** Words shorter than this are kept as typed: two letters are one edit away from too many words. */
export const MIN_SUGGESTED_LETTERS = 3;
/**
 * At most this many distances are computed for one search, whatever its words, the most common
 * words first: each stops within a few rows of its table for a word that is not near, so a search
 * of long made-up words costs a few milliseconds at most.
 */
export const MAX_SUGGESTION_COMPARISONS = 10_000;

export interface Vocabulary {
  /** Every word, in code-unit order, to tell whether some word starts with a text. */
  sorted: readonly string[];
  /** The words by first letter, then by length in letters, the most common first. */
  byStart: ReadonlyMap<string, ReadonlyMap<number, readonly string[]>>;
  /** Each word's place in the most-common-first order: the nearer of two equally near words. */
  rank: ReadonlyMap<string, number>;
}

const isLetters = (word: string) => /^\p{L}+$/u.test(word);

/*
 * Lengths and distances here count UTF-16 code units, not code points: the same for every letter
 * but the rare few outside the Basic Multilingual Plane, and many times faster on long lists.
 */

/**
 * The vocabulary of the catalogue's words, given most common first: words of letters only (a
 * number is never suggested), from 2 to MAX_TYPO_LETTERS + 2 letters (no longer word is within
 * two edits of one that is corrected).
 */
export function vocabularyOf(words: readonly string[]): Vocabulary {
  const kept = words.filter((word) => word.length >= 2 && word.length <= MAX_TYPO_LETTERS + 2 && isLetters(word));
  const byStart = new Map<string, Map<number, string[]>>();
  for (const word of kept) {
    const first = String.fromCodePoint(word.codePointAt(0)!);
    const lengths = byStart.get(first) ?? new Map<number, string[]>();
    byStart.set(first, lengths);
    const sameLength = lengths.get(word.length) ?? [];
    lengths.set(word.length, sameLength);
    sameLength.push(word);
  }
  return { sorted: [...kept].sort(), byStart, rank: new Map(kept.map((word, index) => [word, index])) };
}

/** Whether some word of the vocabulary starts with `text` (as the search matches a word). */
export function hasWordStarting(vocabulary: Vocabulary, text: string): boolean {
  const { sorted } = vocabulary;
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (sorted[middle]! < text) low = middle + 1;
    else high = middle;
  }
  return low < sorted.length && sorted[low]!.startsWith(text);
}

/** Three rows of the distance table, reused (a compared word has at most MAX_TYPO_LETTERS + 2 letters). */
let rows = [new Int32Array(64), new Int32Array(64), new Int32Array(64)];

/**
 * The edit distance between two words (a letter substituted, deleted, inserted, or two neighbours
 * swapped, as the search's typos), or `bound + 1` as soon as it is known to be more than `bound`.
 * Only the cells within `bound` of the diagonal are computed: no path through the others is shorter.
 */
export function editDistance(a: string, b: string, bound: number): number {
  const far = bound + 1;
  if (Math.abs(a.length - b.length) > bound) return far;
  if (b.length + 2 > rows[0]!.length) rows = rows.map(() => new Int32Array(b.length + 2));
  let twoBack = rows[0]!;
  let previous = rows[1]!;
  let current = rows[2]!;
  for (let j = 0; j <= b.length + 1; j += 1) previous[j] = j <= bound ? j : far;
  for (let i = 1; i <= a.length; i += 1) {
    const low = Math.max(1, i - bound);
    const high = Math.min(b.length, i + bound);
    const letter = a.charCodeAt(i - 1);
    const letterBefore = i > 1 ? a.charCodeAt(i - 2) : -1;
    current[low - 1] = low === 1 && i <= bound ? i : far;
    let best = current[low - 1]!;
    for (let j = low; j <= high; j += 1) {
      const other = b.charCodeAt(j - 1);
      let value = previous[j - 1]! + (letter === other ? 0 : 1);
      if (previous[j]! + 1 < value) value = previous[j]! + 1;
      if (current[j - 1]! + 1 < value) value = current[j - 1]! + 1;
      if (j > 1 && letter === b.charCodeAt(j - 2) && letterBefore === other && twoBack[j - 2]! + 1 < value) {
        value = twoBack[j - 2]! + 1;
      }
      if (value > far) value = far;
      current[j] = value;
      if (value < best) best = value;
    }
    // The next row reads one cell past this row's band.
    current[high + 1] = far;
    if (best > bound) return far;
    const reused = twoBack;
    twoBack = previous;
    previous = current;
    current = reused;
  }
  return Math.min(previous[b.length]!, far);
}

/**
 * The words of a search that found nothing, each the catalogue lacks replaced by its nearest word
 * with the same first letter: one edit away at most for a word of up to four letters, two for a
 * longer one; of equally near words, the most common. Words with a digit, shorter than three or
 * longer than 16 letters, or that some catalogue word starts with, are kept as typed. Undefined
 * when no word changes.
 */
export function suggestedWords(words: readonly string[], vocabulary: Vocabulary): string[] | undefined {
  let comparisons = MAX_SUGGESTION_COMPARISONS;
  let changed = false;
  const suggested = words.map((word) => {
    if (word.length < MIN_SUGGESTED_LETTERS || word.length > MAX_TYPO_LETTERS || !isLetters(word)) return word;
    if (hasWordStarting(vocabulary, word)) return word;
    const most = word.length <= SHORT_TYPO_LETTERS ? 1 : 2;
    const byLength = vocabulary.byStart.get(String.fromCodePoint(word.codePointAt(0)!));
    let nearest: string | undefined;
    let nearestDistance = most + 1;
    for (let length = word.length - most; length <= word.length + most && byLength; length += 1) {
      for (const candidate of byLength.get(length) ?? []) {
        if (comparisons <= 0) break;
        comparisons -= 1;
        // Past the nearest so far, or past `most`, a candidate is of no use: the table stops early.
        const distance = editDistance(word, candidate, Math.min(nearestDistance, most));
        if (distance > most) continue;
        if (
          distance < nearestDistance ||
          (distance === nearestDistance && vocabulary.rank.get(candidate)! < vocabulary.rank.get(nearest!)!)
        ) {
          nearest = candidate;
          nearestDistance = distance;
        }
      }
    }
    if (nearest === undefined) return word;
    changed = true;
    return nearest;
  });
  return changed ? suggested : undefined;
}

/**
 * The catalogue's vocabulary, read when first needed (`read`: its words, most common first) and
 * again, in the background, once it is older than VOCABULARY_MAX_AGE_MS: a word added to the
 * catalogue is suggested within ten minutes. One read at a time; a failed one is logged, and the
 * search goes without a suggestion.
 */
export function createSearchVocabulary(read: () => Promise<readonly string[]>, { clock, log }: { clock: Clock; log: Log }) {
  let held: { vocabulary: Vocabulary; readAt: number } | undefined;
  let reading: Promise<void> | undefined;
  const readAgain = () => {
    reading ??= read()
      .then(
        (words) => {
          held = { vocabulary: vocabularyOf(words), readAt: clock.now().getTime() };
        },
        (error: unknown) => {
          log.warn({ err: error }, 'reading the search vocabulary failed');
          held ??= { vocabulary: vocabularyOf([]), readAt: 0 };
          held.readAt = clock.now().getTime() - VOCABULARY_MAX_AGE_MS + VOCABULARY_RETRY_MS;
        },
      )
      .finally(() => {
        reading = undefined;
      });
    return reading;
  };
  return {
    async current(): Promise<Vocabulary> {
      if (!held) await readAgain();
      else if (clock.now().getTime() - held.readAt >= VOCABULARY_MAX_AGE_MS) void readAgain();
      return held!.vocabulary;
    },
    /** Settles once a read under way is done: a node stopping waits for it. */
    async settled(): Promise<void> {
      await reading;
    },
  };
}

export type SearchVocabulary = ReturnType<typeof createSearchVocabulary>;
