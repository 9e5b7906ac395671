import { MAX_SEARCH_LENGTH } from '#shared/schemas/query-limits';

/**
 * What a search box's text asks for, as the words and the part-number key the parts list looks up
 * (docs/shop-rules.md, "Finding parts"; docs/search.md). Pure text work: the SQL that uses it
 * lives in parts-search.ts. Every character the visitor typed is data here, never syntax: the words
 * hold letters and digits only, and each one reaches the database quoted.
 */

/** More words than this are dropped: a sentence pasted into the box still answers quickly. */
export const MAX_SEARCH_WORDS = 8;
/** Longer runs are cut: no real word or part number is longer. */
export const MAX_WORD_LENGTH = 40;
/**
 * The text is cut to this many characters once normalised, as it is before (the list's schema): NFKC
 * writes some characters as several ("㌀" is "アパート", "ﬃ" is "ffi"), so 100 typed characters could
 * otherwise become 400 letters of words.
 */
export const MAX_NORMAL_LENGTH = MAX_SEARCH_LENGTH;
/**
 * Shorter words are matched as prefixes only: a word of three letters is one typo away from too many
 * others. A word of this length tolerates one only when the search finds nothing without it
 * (SHORT_TYPO_LETTERS), so "rear" never brings in "gear", while "pdas" still finds "pads".
 */
export const MIN_TYPO_LETTERS = 4;
/** Words up to this long tolerate a typo only when the words as typed find nothing (see findParts). */
export const SHORT_TYPO_LETTERS = 4;
/**
 * Longer words are matched as prefixes only: a word's variants grow with its length times its
 * alphabet, and no word a customer types for a part is this long (a typo in it still leaves a prefix).
 */
export const MAX_TYPO_LETTERS = 16;
/** At most this many words of a search tolerate a typo (the first ones that can). */
export const MAX_TYPO_WORDS = 3;
/**
 * At most this many typo variants in all for one search, each one a dictionary probe: three words
 * of 12 letters fit (about 660 each); a word whose variants would go past it is matched as typed.
 */
export const MAX_TYPO_VARIANTS = 2_000;
/** A number key shorter than this finds too much to be a part number (and FTS5's trigram needs three). */
export const MIN_NUMBER_KEY_LENGTH = 3;
/**
 * A compound word ("brakepads", "oilfilter") is cut in two only from this length, each half at least
 * MIN_COMPOUND_PART letters, and joined words ("oil filter") only when each has that many.
 */
export const MIN_SPLIT_LETTERS = 6;
export const MIN_COMPOUND_PART = 3;
/** Longer words are not cut: their cuts grow with their length (a word of 20 letters has 15). */
export const MAX_SPLIT_LETTERS = 20;
/** At most this many words of a search are tried cut in two (the first ones that can). */
export const MAX_SPLIT_WORDS = 3;

export interface SearchWord {
  /** A lower-case run of letters and digits; matched as a prefix. */
  text: string;
  /**
   * The words one typo away that are matched too, as exact words: every variant when the terms are
   * made (none when the word tolerates no typo), then only those some part has (looked up once per
   * search, see parts-search.ts). Every statement of the search reads them from here.
   */
  typos: readonly string[];
  /**
   * A short word's typos (SHORT_TYPO_LETTERS) are matched only when the search finds nothing
   * without them: a word of four letters typed right is one typo away from many others.
   */
  typosOnlyIfNothingFound: boolean;
  /**
   * The word cut in two ("brakepads" → "brake" + "pads"), matched as both (the second as a prefix):
   * every cut when the terms are made, then at most one whose halves are both words some part has.
   */
  splits: readonly (readonly [string, string])[];
  /**
   * This word and the next written as one ("oil filter" → "oilfilter"), matched as a prefix instead
   * of the two: when the terms are made, for every two words that can be; then only when some
   * part has a word starting with it, and never for two pairs sharing a word.
   */
  joined: string | undefined;
}

export interface SearchTerms {
  /** Each must match (as a prefix, or as one of its typos). */
  words: readonly SearchWord[];
  /** The whole text as a part-number key ("gh brk 1042" → "GHBRK1042"), or undefined when too short. */
  numberKey: string | undefined;
}

/** Runs of anything but letters and digits (lone surrogates and emoji included) separate words. */
const SEPARATORS = /[^\p{L}\p{N}]+/u;

/**
 * The words and number key of a search text, each word with its typo variants, built here once for
 * the whole search within the bounds above. Neither words nor key (no letter or digit at all, as in
 * `q=_`) means the search matches nothing.
 */
export function searchTerms(text: string): SearchTerms {
  const normal = [...text.normalize('NFKC').toLowerCase()].slice(0, MAX_NORMAL_LENGTH).join('');
  const texts = normal
    .split(SEPARATORS)
    .filter((word) => word.length > 0)
    .slice(0, MAX_SEARCH_WORDS)
    .map((word) => [...word].slice(0, MAX_WORD_LENGTH).join(''));
  let typoWords = 0;
  let splitWords = 0;
  let budget = MAX_TYPO_VARIANTS;
  const words = texts.map((word, index): SearchWord => {
    let typos: string[] = [];
    if (typoWords < MAX_TYPO_WORDS && toleratesTypo(word) && variantCountBound(word) <= budget) {
      // A typo never leaves fewer than four letters: "brke" is not "brk", a piece of many part numbers.
      typos = oneEditVariants(word).filter((typo) => [...typo].length >= MIN_TYPO_LETTERS);
      typoWords += 1;
      budget -= typos.length;
    }
    let splits: (readonly [string, string])[] = [];
    if (splitWords < MAX_SPLIT_WORDS && canBeSplit(word)) {
      splits = cutsOf(word);
      splitWords += 1;
    }
    const next = texts[index + 1];
    return {
      text: word,
      typos,
      typosOnlyIfNothingFound: typos.length > 0 && [...word].length <= SHORT_TYPO_LETTERS,
      splits,
      joined: next !== undefined && canBeJoined(word) && canBeJoined(next) ? word + next : undefined,
    };
  });
  // SKUs and cross-reference numbers are plain ASCII (the stored keys are upper-cased by SQL's upper(), which only
  // knows ASCII), so a text with any other letter has no number key.
  const key = normal.replace(/[^\p{L}\p{N}]+/gu, '').toUpperCase();
  const numberKey = key.length >= MIN_NUMBER_KEY_LENGTH && /^[A-Z0-9]+$/.test(key) ? key : undefined;
  return { words, numberKey };
}

export function matchesNothing(terms: SearchTerms): boolean {
  return terms.words.length === 0 && terms.numberKey === undefined;
}

/** Whether the text is letters only (no part-number piece), between `min` and `max` of them. */
function isLettersOnly(word: string, min: number, max: number): boolean {
  const letters = [...word];
  return letters.length >= min && letters.length <= max && letters.every((letter) => /^\p{L}$/u.test(letter));
}

/** Whether a word tolerates one typo: 4 to 16 letters, and letters only (no part-number piece). */
export function toleratesTypo(word: string): boolean {
  return isLettersOnly(word, MIN_TYPO_LETTERS, MAX_TYPO_LETTERS);
}

const canBeSplit = (word: string) => isLettersOnly(word, MIN_SPLIT_LETTERS, MAX_SPLIT_LETTERS);
const canBeJoined = (word: string) => isLettersOnly(word, MIN_COMPOUND_PART, MAX_WORD_LENGTH);

/**
 * Every cut of the word in two halves of MIN_COMPOUND_PART letters or more, the most even first
 * (of two as even, the one with the longer first half: "brake pads" before "brak epads").
 */
export function cutsOf(word: string): (readonly [string, string])[] {
  const letters = [...word];
  const cuts: { at: number; halves: readonly [string, string] }[] = [];
  for (let at = MIN_COMPOUND_PART; at <= letters.length - MIN_COMPOUND_PART; at += 1) {
    cuts.push({ at, halves: [letters.slice(0, at).join(''), letters.slice(at).join('')] });
  }
  const shorterHalf = (at: number) => Math.min(at, letters.length - at);
  return cuts.sort((a, b) => shorterHalf(b.at) - shorterHalf(a.at) || b.at - a.at).map((cut) => cut.halves);
}

/**
 * The terms as they would be with every word's typo variants, cuts and joins narrowed to those the
 * catalogue has (`known`: whole words; `knownStarts`: texts some word starts with). A short word
 * typed as some word starts keeps its typos for the second try (typosOnlyIfNothingFound) only if
 * the catalogue has none; two words are joined at most once each, the first pair first.
 */
export function narrowedTerms(terms: SearchTerms, known: ReadonlySet<string>, knownStarts: ReadonlySet<string>): SearchTerms {
  let joinedBefore = false;
  const words = terms.words.map((word, index): SearchWord => {
    const typos = word.typos.filter((typo) => known.has(typo) && !typo.startsWith(word.text));
    const split = word.splits.find(([first, second]) => known.has(first) && known.has(second));
    // A word cannot be joined with the next when it was joined with the one before.
    const joined =
      !joinedBefore && index + 1 < terms.words.length && word.joined !== undefined && knownStarts.has(word.joined)
        ? word.joined
        : undefined;
    joinedBefore = joined !== undefined;
    return { ...word, typos, splits: split ? [split] : [], joined };
  });
  return { ...terms, words };
}

/** The texts to look up as whole words (typo variants, halves of cuts), and those to look up as starts of words (joins). */
export function textsToLookUp(terms: SearchTerms): { words: string[]; starts: string[] } {
  const words = new Set<string>();
  const starts = new Set<string>();
  for (const word of terms.words) {
    for (const typo of word.typos) words.add(typo);
    for (const [first, second] of word.splits) {
      words.add(first);
      words.add(second);
    }
    if (word.joined !== undefined) starts.add(word.joined);
  }
  return { words: [...words], starts: [...starts] };
}

/** The terms without the short words' typos: the first try of a search (see findParts). */
export function withoutShortWordTypos(terms: SearchTerms): SearchTerms {
  return {
    ...terms,
    words: terms.words.map((word) => (word.typosOnlyIfNothingFound ? { ...word, typos: [] } : word)),
  };
}

/** Whether any word of the terms is matched some other way than as typed (a typo, a cut, a join). */
export function hasAlternatives(terms: SearchTerms): boolean {
  return terms.words.some((word) => word.typos.length > 0 || word.splits.length > 0 || word.joined !== undefined);
}

/** Words matched as typed only, each a prefix: the parts they find rank first, and a suggestion is counted so. */
export function wordsAsTyped(texts: readonly string[]): SearchWord[] {
  return texts.map((text) => ({ text, typos: [], typosOnlyIfNothingFound: false, splits: [], joined: undefined }));
}

const ALPHABET = [...'abcdefghijklmnopqrstuvwxyz'];

/** The letters a variant of the word may hold: a–z and the word's own (at most MAX_TYPO_LETTERS more). */
const alphabetOf = (letters: readonly string[]) => [...new Set([...ALPHABET, ...letters])];

/**
 * How many variants oneEditVariants makes of the word at most, known before making them: n letters
 * over an alphabet of a have n deletions, n(a − 1) substitutions, n − 1 swaps and (n + 1)a insertions.
 */
function variantCountBound(word: string): number {
  const letters = [...word];
  const n = letters.length;
  const a = alphabetOf(letters).length;
  return (2 * n + 1) * a + n - 1;
}

/**
 * Every word one edit away from `word`: a letter substituted, deleted, inserted, or two neighbours
 * swapped. Letters tried are a–z and the word's own (so a word with an "é" may have it doubled or moved).
 * The word itself is not among them (it is looked up as a
 * prefix). Counted in code points, so no letter is ever split.
 */
export function oneEditVariants(word: string): string[] {
  const letters = [...word];
  const alphabet = alphabetOf(letters);
  const variants = new Set<string>();
  const join = (parts: string[]) => parts.join('');
  for (let i = 0; i < letters.length; i += 1) {
    variants.add(join([...letters.slice(0, i), ...letters.slice(i + 1)]));
    for (const letter of alphabet) variants.add(join([...letters.slice(0, i), letter, ...letters.slice(i + 1)]));
    if (i + 1 < letters.length) {
      variants.add(join([...letters.slice(0, i), letters[i + 1]!, letters[i]!, ...letters.slice(i + 2)]));
    }
  }
  for (let i = 0; i <= letters.length; i += 1) {
    for (const letter of alphabet) variants.add(join([...letters.slice(0, i), letter, ...letters.slice(i)]));
  }
  variants.delete(word);
  return [...variants];
}

/** How one engine writes a full-text query: a word as a prefix or whole, all of several, any of several. */
interface QueryDialect {
  prefix(token: string): string;
  whole(token: string): string;
  and: string;
  or: string;
}

/**
 * The full-text query for the words: every word (AND), each as a prefix, any of its typos or as its
 * cut in two (OR); two words that may be written as one match as both, or as that one word.
 */
function wordsQuery(words: readonly SearchWord[], dialect: QueryDialect): string {
  const any = (alternatives: string[]) => `(${alternatives.join(` ${dialect.or} `)})`;
  const wordClause = ({ text, typos, splits }: SearchWord) =>
    any([
      dialect.prefix(text),
      ...typos.map(dialect.whole),
      ...splits.map(([first, second]) => `(${dialect.whole(first)} ${dialect.and} ${dialect.prefix(second)})`),
    ]);
  const clauses: string[] = [];
  for (let index = 0; index < words.length; index += 1) {
    const word = words[index]!;
    const next = words[index + 1];
    if (word.joined !== undefined && next) {
      clauses.push(any([`(${wordClause(word)} ${dialect.and} ${wordClause(next)})`, dialect.prefix(word.joined)]));
      index += 1;
    } else {
      clauses.push(wordClause(word));
    }
  }
  return clauses.join(` ${dialect.and} `);
}

/** An FTS5 string: `"` doubled inside double quotes, so it is one literal token, never an operator. */
const fts5String = (token: string) => `"${token.replaceAll('"', '""')}"`;

const FTS5: QueryDialect = { prefix: (token) => `${fts5String(token)}*`, whole: fts5String, and: 'AND', or: 'OR' };

/**
 * SQLite's MATCH text for the words: every word (AND), each as a prefix or any of its typos (OR).
 * Example: `("brake"* OR "brakes") AND ("pad"*)`.
 */
export function fts5WordsQuery(words: readonly SearchWord[]): string {
  return wordsQuery(words, FTS5);
}

/** SQLite's MATCH text for a number key on the trigram table: one quoted substring. */
export function fts5NumberQuery(key: string): string {
  return fts5String(key);
}

/** A tsquery lexeme: `'` doubled and `\` escaped inside single quotes, so it is one literal lexeme. */
const tsLexeme = (token: string) => `'${token.replaceAll('\\', '\\\\').replaceAll("'", "''")}'`;

const TSQUERY: QueryDialect = { prefix: (token) => `${tsLexeme(token)}:*`, whole: tsLexeme, and: '&', or: '|' };

/**
 * PostgreSQL's tsquery text (for `to_tsquery('simple', …)`) for the words, the same rule as
 * fts5WordsQuery. Example: `('brake':* | 'brakes') & ('pad':*)`.
 */
export function tsWordsQuery(words: readonly SearchWord[]): string {
  return wordsQuery(words, TSQUERY);
}
