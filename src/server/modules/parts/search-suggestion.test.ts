import { describe, expect, it, vi } from 'vitest';
import { fixedClock } from '../../clock';
import {
  createSearchVocabulary,
  editDistance,
  hasWordStarting,
  MAX_SUGGESTION_COMPARISONS,
  suggestedWords,
  VOCABULARY_MAX_AGE_MS,
  vocabularyOf,
} from './search-suggestion';

const distance = (a: string, b: string, bound = 5) => editDistance(a, b, bound);

// The catalogue's words, the most common first.
const catalogue = vocabularyOf([
  'brake',
  'pads',
  'disc',
  'front',
  'filter',
  'oil',
  'set',
  'ceramic',
  'bracket',
  'brakes',
  'gh',
  '1042',
]);

describe('the distance between two words', () => {
  it('counts a letter substituted, deleted, inserted, or two neighbours swapped as one edit', () => {
    expect(distance('disk', 'disc')).toBe(1);
    expect(distance('pdas', 'pads')).toBe(1);
    expect(distance('brke', 'brake')).toBe(1);
    expect(distance('brakes', 'brake')).toBe(1);
    expect(distance('break', 'brake')).toBe(2);
    expect(distance('bkrea', 'brake')).toBeGreaterThan(2);
    expect(distance('ölfilter', 'oilfilter')).toBe(2);
  });

  it('stops past its bound', () => {
    expect(distance('zzzqqq', 'brake', 2)).toBe(3);
    expect(distance('a', 'abcdefgh', 2)).toBe(3);
  });
});

describe('"Did you mean"', () => {
  it('replaces each word the catalogue lacks with its nearest word', () => {
    expect(suggestedWords(['break', 'pads'], catalogue)).toEqual(['brake', 'pads']);
    expect(suggestedWords(['oli', 'fliter'], catalogue)).toEqual(['oil', 'filter']);
    expect(suggestedWords(['ceramc', 'brkae', 'pdas', 'sett'], catalogue)).toEqual(['ceramic', 'brake', 'pads', 'set']);
  });

  it('keeps the words some catalogue word starts with, and those it does not correct', () => {
    expect(suggestedWords(['brak', 'pa'], catalogue)).toBeUndefined();
    // Two letters, a digit, more than 16 letters: as typed.
    expect(suggestedWords(['gx', 'brk9', 'brakebrakebrakebrake'], catalogue)).toBeUndefined();
    expect(suggestedWords(['zzzqqq'], catalogue)).toBeUndefined();
    // A word of four letters is corrected by one edit at most, a longer one by two.
    expect(suggestedWords(['dxsx'], catalogue)).toBeUndefined();
    expect(suggestedWords(['fxltxr'], catalogue)).toEqual(['filter']);
    expect(suggestedWords(['fxxtxr'], catalogue)).toBeUndefined();
  });

  it('keeps the first letter, and of two words as near picks the more common', () => {
    expect(suggestedWords(['vrake'], catalogue)).toBeUndefined();
    // "brakes" and "brake" are one edit from "brakez"; "brake" is the more common.
    expect(suggestedWords(['brakez'], vocabularyOf(['brakes', 'brake']))).toEqual(['brakes']);
    expect(suggestedWords(['brakez'], vocabularyOf(['brake', 'brakes']))).toEqual(['brake']);
  });

  it('suggests no number and no word with a digit', () => {
    expect(hasWordStarting(catalogue, '104')).toBe(false);
    expect(hasWordStarting(catalogue, 'brak')).toBe(true);
    expect(hasWordStarting(catalogue, 'brakesz')).toBe(false);
  });

  it('compares a search with at most 10,000 of the catalogue words, whatever its words', () => {
    // The nearest word is the least common of many as long: past the bound, it is not reached.
    const far = 'cdfghijlmnopqstuvwxyz'; // no letter of "brkae" but its first
    const many = Array.from(
      { length: MAX_SUGGESTION_COMPARISONS },
      (_, i) => `b${[0, 1, 2, 3].map((place) => far[Math.floor(i / far.length ** place) % far.length]).join('')}`,
    );
    expect(suggestedWords(['brkae'], vocabularyOf([...many, 'brake']))).toBeUndefined();
    expect(suggestedWords(['brkae'], vocabularyOf(['brake', ...many]))).toEqual(['brake']);
  });
});

describe("the catalogue's vocabulary", () => {
  it('is read when first needed, then again in the background once ten minutes old', async () => {
    const clock = fixedClock('2026-06-15T12:00:00.000Z');
    const read = vi.fn<() => Promise<string[]>>().mockResolvedValueOnce(['brake']).mockResolvedValueOnce(['brake', 'pads']);
    const vocabulary = createSearchVocabulary(read, { clock, log: console });
    expect(hasWordStarting(await vocabulary.current(), 'pad')).toBe(false);
    clock.advance(VOCABULARY_MAX_AGE_MS - 1);
    await vocabulary.current();
    expect(read).toHaveBeenCalledTimes(1);
    clock.advance(1);
    // The old one answers while the new one is read.
    expect(hasWordStarting(await vocabulary.current(), 'pad')).toBe(false);
    await vocabulary.settled();
    expect(hasWordStarting(await vocabulary.current(), 'pad')).toBe(true);
    expect(read).toHaveBeenCalledTimes(2);
  });

  it('reads once for searches that need it at the same time, and tries again a minute after a failure', async () => {
    const clock = fixedClock('2026-06-15T12:00:00.000Z');
    const log = { debug: vi.fn(), info: vi.fn(), warn: vi.fn(), error: vi.fn() };
    const read = vi.fn<() => Promise<string[]>>().mockRejectedValueOnce(new Error('database away')).mockResolvedValue(['pads']);
    const vocabulary = createSearchVocabulary(read, { clock, log });
    const [first, second] = await Promise.all([vocabulary.current(), vocabulary.current()]);
    expect(read).toHaveBeenCalledTimes(1);
    expect(first.sorted).toEqual([]);
    expect(second.sorted).toEqual([]);
    expect(log.warn).toHaveBeenCalledTimes(1);
    clock.advance(59_000);
    await vocabulary.current();
    expect(read).toHaveBeenCalledTimes(1);
    clock.advance(1_000);
    await vocabulary.current();
    await vocabulary.settled();
    expect((await vocabulary.current()).sorted).toEqual(['pads']);
  });
});

describe('the bounded distance', () => {
  it('agrees with the whole table for every pair of short words over a small alphabet, within its bound', () => {
    const full = (a: string, b: string): number => {
      const d = Array.from({ length: a.length + 1 }, (_, i) =>
        Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
      );
      for (let i = 1; i <= a.length; i += 1)
        for (let j = 1; j <= b.length; j += 1) {
          d[i]![j] = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
          if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
            d[i]![j] = Math.min(d[i]![j]!, d[i - 2]![j - 2]! + 1);
        }
      return d[a.length]![b.length]!;
    };
    const words = ['', 'a', 'b', 'ab', 'ba', 'abc', 'acb', 'bca', 'aabb', 'abab', 'baba', 'abcab', 'cabba', 'aaaaa', 'bcbcbc'];
    for (const a of words)
      for (const b of words)
        for (const bound of [0, 1, 2, 3])
          expect(editDistance(a, b, bound), `${a} ${b} ${bound}`).toBe(Math.min(full(a, b), bound + 1));
  });
});
