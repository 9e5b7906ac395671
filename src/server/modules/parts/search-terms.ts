import { MAX_SEARCH_LENGTH } from '#shared/schemas/query-limits';

/**
 * What a search box's text asks for, as the words and the part-number key the parts list looks up
 * (docs/shop-rules.md, "Finding parts"; docs/decisions/0019). Pure text work: the SQL that uses it
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
/** Shorter words are matched as prefixes only: one typo in a four-letter word is too many false hits. */
export const MIN_TYPO_LETTERS = 5;
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

export interface SearchWord {
  /** A lower-case run of letters and digits; matched as a prefix. */
  text: string;
  /**
   * The words one typo away that are matched too, as exact words: every variant when the terms are
   * made (none when the word tolerates no typo), then only those some part has (looked up once per
   * search, see parts-search.ts). Every statement of the search reads them from here.
   */
  typos: readonly string[];
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
  let budget = MAX_TYPO_VARIANTS;
  const words = texts.map((word): SearchWord => {
    if (typoWords === MAX_TYPO_WORDS || !toleratesTypo(word) || variantCountBound(word) > budget)
      return { text: word, typos: [] };
    const typos = oneEditVariants(word);
    typoWords += 1;
    budget -= typos.length;
    return { text: word, typos };
  });
  // SKUs and OEM numbers are plain ASCII (the stored keys are upper-cased by SQL's upper(), which only
  // knows ASCII), so a text with any other letter has no number key.
  const key = normal.replace(/[^\p{L}\p{N}]+/gu, '').toUpperCase();
  const numberKey = key.length >= MIN_NUMBER_KEY_LENGTH && /^[A-Z0-9]+$/.test(key) ? key : undefined;
  return { words, numberKey };
}

export function matchesNothing(terms: SearchTerms): boolean {
  return terms.words.length === 0 && terms.numberKey === undefined;
}

/** Whether a word tolerates one typo: 5 to 16 letters, and letters only (no part-number piece). */
export function toleratesTypo(word: string): boolean {
  const letters = [...word];
  return (
    letters.length >= MIN_TYPO_LETTERS && letters.length <= MAX_TYPO_LETTERS && letters.every((letter) => /^\p{L}$/u.test(letter))
  );
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

/** An FTS5 string: `"` doubled inside double quotes, so it is one literal token, never an operator. */
const fts5String = (token: string) => `"${token.replaceAll('"', '""')}"`;

/**
 * SQLite's MATCH text for the words: every word (AND), each as a prefix or any of its typos (OR).
 * Example: `("brake"* OR "brakes") AND ("pad"*)`.
 */
export function fts5WordsQuery(words: readonly SearchWord[]): string {
  return words.map(({ text, typos }) => `(${[`${fts5String(text)}*`, ...typos.map(fts5String)].join(' OR ')})`).join(' AND ');
}

/** SQLite's MATCH text for a number key on the trigram table: one quoted substring. */
export function fts5NumberQuery(key: string): string {
  return fts5String(key);
}

/** A tsquery lexeme: `'` doubled and `\` escaped inside single quotes, so it is one literal lexeme. */
const tsLexeme = (token: string) => `'${token.replaceAll('\\', '\\\\').replaceAll("'", "''")}'`;

/**
 * PostgreSQL's tsquery text (for `to_tsquery('simple', …)`) for the words, the same rule as
 * fts5WordsQuery. Example: `('brake':* | 'brakes') & ('pad':*)`.
 */
export function tsWordsQuery(words: readonly SearchWord[]): string {
  return words.map(({ text, typos }) => `(${[`${tsLexeme(text)}:*`, ...typos.map(tsLexeme)].join(' | ')})`).join(' & ');
}
