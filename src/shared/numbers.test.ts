import { describe, expect, it } from 'vitest';
import { formatCount } from './numbers';

describe('formatCount', () => {
  it.each([
    [0, '0'],
    [7, '7'],
    [999, '999'],
    [1000, '1,000'],
    [12345, '12,345'],
    [1_000_000, '1,000,000'],
    [-4321, '-4,321'],
  ])('%i → %s', (n, text) => {
    expect(formatCount(n)).toBe(text);
  });

  it('writes every whole number as en-US Intl does, from 0 to the largest safe one', () => {
    const intl = new Intl.NumberFormat('en-US');
    const samples = [Number.MAX_SAFE_INTEGER, -Number.MAX_SAFE_INTEGER];
    for (let digits = 1; digits <= 15; digits += 1) {
      for (let i = 0; i < 200; i += 1) samples.push(Math.floor(Math.random() * 10 ** digits) * (i % 2 ? -1 : 1) || 0);
    }
    for (const n of samples) expect(formatCount(n), String(n)).toBe(intl.format(n));
  });

  it('leaves what is not a whole number, or too large to write without an exponent, as JavaScript writes it', () => {
    expect(formatCount(1.5)).toBe('1.5');
    expect(formatCount(Number.NaN)).toBe('NaN');
    expect(formatCount(Number.POSITIVE_INFINITY)).toBe('Infinity');
    expect(formatCount(1e21)).toBe('1e+21');
  });
});
