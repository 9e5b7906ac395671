import { describe, expect, it } from 'vitest';
import {
  fts5WordsQuery,
  MAX_NORMAL_LENGTH,
  MAX_SPLIT_WORDS,
  MAX_TYPO_LETTERS,
  MAX_TYPO_VARIANTS,
  MAX_TYPO_WORDS,
  narrowedTerms,
  oneEditVariants,
  type SearchTerms,
  searchTerms,
  textsToLookUp,
  tsWordsQuery,
  withoutShortWordTypos,
} from './search-terms';

const typosOf = (terms: SearchTerms) => terms.words.map((word) => word.typos.length);
const sum = (counts: number[]) => counts.reduce((total, count) => total + count, 0);

/** `count` words of `length` distinct letters from the code points `from`…. */
const madeUp = (from: number, span: number, count: number, length: number) =>
  Array.from({ length: count }, (_, w) =>
    Array.from({ length }, (_, i) => String.fromCodePoint(from + ((w * 7 + i * 3) % span))).join(''),
  ).join(' ');

describe('the typo variants of a search', () => {
  it('gives each ordinary word of 5 letters or more every variant, the right one among them', () => {
    const terms = searchTerms('alternatr thermostta suspention pads');
    expect(terms.words.map((word) => word.text)).toEqual(['alternatr', 'thermostta', 'suspention', 'pads']);
    expect(terms.words[0]!.typos).toContain('alternator');
    expect(terms.words[1]!.typos).toContain('thermostat');
    expect(terms.words[2]!.typos).toEqual(oneEditVariants('suspention'));
    // A fourth word would tolerate a typo, but three words already do.
    expect(terms.words[3]!.typos).toEqual([]);
  });

  it('gives a word of 4 letters its variants of 4 letters or more, for a second try only', () => {
    const [pdas] = searchTerms('pdas').words;
    expect(pdas!.typos).toContain('pads');
    expect(pdas!.typos).toContain('pdasa');
    expect(pdas!.typos.every((typo) => [...typo].length >= 4)).toBe(true);
    expect(pdas!.typosOnlyIfNothingFound).toBe(true);
    expect(searchTerms('brkae').words[0]!.typosOnlyIfNothingFound).toBe(false);
    expect(searchTerms('pad').words[0]!.typos).toEqual([]);
    expect(withoutShortWordTypos(searchTerms('pdas brkae')).words.map((word) => word.typos.length > 0)).toEqual([false, true]);
  });

  it.each([
    ['squared katakana', madeUp(0x3300, 88, 8, 11)],
    ['katakana', madeUp(0x30a1, 80, 6, 16)],
    ['Latin', madeUp(0x61, 26, 6, 16)],
    ['Cyrillic', madeUp(0x430, 32, 6, 16)],
    ['Greek', madeUp(0x3b1, 25, 6, 16)],
    ['Devanagari', madeUp(0x915, 37, 6, 16)],
    ['CJK', madeUp(0x4e00, 200, 6, 16)],
    ['ordinary words', 'alternator thermostat suspension gearboxes turbocharger'],
  ])('builds at most 2,000 variants, for at most 3 words, of a text in %s', (_script, text) => {
    const counts = typosOf(searchTerms(text));
    expect(sum(counts)).toBeLessThanOrEqual(MAX_TYPO_VARIANTS);
    expect(counts.filter((count) => count > 0).length).toBeLessThanOrEqual(MAX_TYPO_WORDS);
  });

  it('gives no variant to a word longer than 16 letters', () => {
    const long = 'a'.repeat(MAX_TYPO_LETTERS + 1);
    expect(typosOf(searchTerms(`${long} brake`))).toEqual([0, oneEditVariants('brake').length]);
    expect(typosOf(searchTerms('a'.repeat(MAX_TYPO_LETTERS)))[0]).toBeGreaterThan(0);
  });

  it('gives none to a word whose variants would go past the budget, and still to a shorter one after it', () => {
    // A 16-letter katakana word has about 1,400 variants (a–z and its own 16 letters); a Latin one
    // about 870 more would go past 2,000; a 5-letter word's 290 do not.
    const counts = typosOf(searchTerms(`${madeUp(0x30a1, 80, 1, 16)} ${madeUp(0x61, 26, 1, 16)} brake`));
    expect(counts.map((count) => count > 0)).toEqual([true, false, true]);
  });

  it('cuts the text once normalised: a character NFKC writes as several counts as several', () => {
    // "㌀" is "アパート": 8 words of 11 such characters were 8 words of 40 letters.
    const words = searchTerms(madeUp(0x3300, 88, 8, 11)).words.map((word) => word.text);
    expect(sum(words.map((word) => [...word].length)) + words.length - 1).toBeLessThanOrEqual(MAX_NORMAL_LENGTH);
    expect(searchTerms('ﬃ'.repeat(100)).numberKey).toHaveLength(MAX_NORMAL_LENGTH);
  });
});

describe('compound words', () => {
  it('cuts a word of 6 to 20 letters in two halves of 3 letters or more, the most even first', () => {
    expect(searchTerms('brakepads').words[0]!.splits).toEqual([
      ['brake', 'pads'],
      ['brak', 'epads'],
      ['brakep', 'ads'],
      ['bra', 'kepads'],
    ]);
    expect(searchTerms('brake').words[0]!.splits).toEqual([]);
    expect(searchTerms('a'.repeat(21)).words[0]!.splits).toEqual([]);
    expect(searchTerms('brake2pads').words[0]!.splits).toEqual([]);
  });

  it('cuts at most the first three words that can be, and joins two words of 3 letters or more', () => {
    const terms = searchTerms('brakepads oilfilter gearlever timingbelt oil filter h7 bulb');
    expect(terms.words.map((word) => word.splits.length > 0)).toEqual([true, true, true, false, false, false, false, false]);
    expect(terms.words.filter((word) => word.splits.length > 0)).toHaveLength(MAX_SPLIT_WORDS);
    expect(terms.words.map((word) => word.joined)).toEqual([
      'brakepadsoilfilter',
      'oilfiltergearlever',
      'gearlevertimingbelt',
      'timingbeltoil',
      'oilfilter',
      undefined,
      undefined,
      undefined,
    ]);
  });

  it('keeps the cut and the joins the catalogue has, one cut a word and no word in two joins', () => {
    const terms = searchTerms('brakepads oil filter kit');
    expect(textsToLookUp(terms).starts).toEqual(['brakepadsoil', 'oilfilter', 'filterkit']);
    const narrowed = narrowedTerms(terms, new Set(['brake', 'pads', 'brak', 'epads']), new Set(['oilfilter', 'filterkit']));
    expect(narrowed.words.map((word) => word.splits)).toEqual([[['brake', 'pads']], [], [], []]);
    expect(narrowed.words.map((word) => word.joined)).toEqual([undefined, 'oilfilter', undefined, undefined]);
    expect(fts5WordsQuery(narrowed.words)).toBe(
      '("brakepads"* OR ("brake" AND "pads"*)) AND ((("oil"*) AND ("filter"*)) OR "oilfilter"*) AND ("kit"*)',
    );
    expect(tsWordsQuery(narrowed.words)).toBe(
      "('brakepads':* | ('brake' & 'pads':*)) & ((('oil':*) & ('filter':*)) | 'oilfilter':*) & ('kit':*)",
    );
  });

  it('keeps no typo the word as typed already finds as a prefix', () => {
    const narrowed = narrowedTerms(searchTerms('brake'), new Set(['brakes', 'brace']), new Set());
    expect(narrowed.words[0]!.typos).toEqual(['brace']);
  });
});
