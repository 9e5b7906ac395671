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
/** Shorter words are matched as prefixes only: one typo in a four-letter word is too many false hits. */
export const MIN_TYPO_LETTERS = 5;
/** A number key shorter than this finds too much to be a part number (and FTS5's trigram needs three). */
export const MIN_NUMBER_KEY_LENGTH = 3;

export interface SearchTerms {
  /** Lower-case runs of letters and digits; each must match (as a prefix, or with one typo). */
  words: string[];
  /** The whole text as a part-number key ("gh brk 1042" → "GHBRK1042"), or undefined when too short. */
  numberKey: string | undefined;
  /**
   * When set, the only one-edit variants worth asking for: those some part has as a word (looked up
   * first, see parts-search.ts). Unset: every variant.
   */
  knownVariants?: ReadonlySet<string>;
}

/** Runs of anything but letters and digits (lone surrogates and emoji included) separate words. */
const SEPARATORS = /[^\p{L}\p{N}]+/u;

/**
 * The words and number key of a search text. Neither (no letter or digit at all, as in `q=_`) means
 * the search matches nothing.
 */
export function searchTerms(text: string): SearchTerms {
  const normal = text.normalize('NFKC').toLowerCase();
  const words = normal
    .split(SEPARATORS)
    .filter((word) => word.length > 0)
    .slice(0, MAX_SEARCH_WORDS)
    .map((word) => [...word].slice(0, MAX_WORD_LENGTH).join(''));
  // SKUs and OEM numbers are plain ASCII (the stored keys are upper-cased by SQL's upper(), which only
  // knows ASCII), so a text with any other letter has no number key.
  const key = normal.replace(/[^\p{L}\p{N}]+/gu, '').toUpperCase();
  const numberKey = key.length >= MIN_NUMBER_KEY_LENGTH && /^[A-Z0-9]+$/.test(key) ? key : undefined;
  return { words, numberKey };
}

export function matchesNothing(terms: SearchTerms): boolean {
  return terms.words.length === 0 && terms.numberKey === undefined;
}

/** Whether a word tolerates one typo: five letters or more, and letters only (no part-number piece). */
export function toleratesTypo(word: string): boolean {
  const letters = [...word];
  return letters.length >= MIN_TYPO_LETTERS && letters.every((letter) => /^\p{L}$/u.test(letter));
}

const ALPHABET = [...'abcdefghijklmnopqrstuvwxyz'];

/**
 * Every word one edit away from `word`: a letter substituted, deleted, inserted, or two neighbours
 * swapped. Letters tried are a–z and the word's own (so a word with an "é" may have it doubled or moved).
 * The word itself is not among them (it is looked up as a
 * prefix). Counted in code points, so no letter is ever split.
 */
export function oneEditVariants(word: string): string[] {
  const letters = [...word];
  const alphabet = [...new Set([...ALPHABET, ...letters])];
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

/** The alternatives one word matches: itself as a prefix, then its one-edit variants as exact words. */
export function alternatives(word: string): { prefix: string; exact: string[] } {
  return { prefix: word, exact: toleratesTypo(word) ? oneEditVariants(word) : [] };
}

/** An FTS5 string: `"` doubled inside double quotes, so it is one literal token, never an operator. */
const fts5String = (token: string) => `"${token.replaceAll('"', '""')}"`;

/**
 * SQLite's MATCH text for the words: every word (AND), each as a prefix or any of its variants (OR),
 * or only those of `knownVariants` when given (as tsWordsQuery).
 * Example: `("brake"* OR "rbake" OR …) AND ("pad"*)`.
 */
export function fts5WordsQuery(words: readonly string[], knownVariants?: ReadonlySet<string>): string {
  return words
    .map((word) => {
      const { prefix, exact: all } = alternatives(word);
      const exact = knownVariants ? all.filter((variant) => knownVariants.has(variant)) : all;
      return `(${[`${fts5String(prefix)}*`, ...exact.map(fts5String)].join(' OR ')})`;
    })
    .join(' AND ');
}

/** SQLite's MATCH text for a number key on the trigram table: one quoted substring. */
export function fts5NumberQuery(key: string): string {
  return fts5String(key);
}

/** A tsquery lexeme: `'` doubled and `\` escaped inside single quotes, so it is one literal lexeme. */
const tsLexeme = (token: string) => `'${token.replaceAll('\\', '\\\\').replaceAll("'", "''")}'`;

/**
 * PostgreSQL's tsquery text (for `to_tsquery('simple', …)`) for the words, the same rule as
 * fts5WordsQuery. Example: `('brake':* | 'rbake' | …) & ('pad':*)`.
 */
export function tsWordsQuery(words: readonly string[], knownVariants?: ReadonlySet<string>): string {
  return words
    .map((word) => {
      const { prefix, exact: all } = alternatives(word);
      const exact = knownVariants ? all.filter((variant) => knownVariants.has(variant)) : all;
      return `(${[`${tsLexeme(prefix)}:*`, ...exact.map(tsLexeme)].join(' | ')})`;
    })
    .join(' & ');
}
