import { describe, expect, it } from 'vitest';
import { centsToPriceText, formatMoney, parsePriceToCents } from './money';
import { CURRENCIES } from './schemas/content';

describe('formatMoney', () => {
  it.each([
    [0, '$0.00'],
    [5, '$0.05'],
    [1250, '$12.50'],
    [123450, '$1,234.50'],
    [100_000_000, '$1,000,000.00'],
    [-5, '-$0.05'],
    [-123450, '-$1,234.50'],
  ])('%i cents → %s', (cents, text) => {
    expect(formatMoney(cents)).toBe(text);
  });

  it('writes cents as en-US Intl writes dollars, over every size of amount', () => {
    const dollars = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
    const samples = [0, 1, 99, 100, 101, 999_999_999_99];
    for (let digits = 1; digits <= 13; digits += 1) {
      for (let i = 0; i < 200; i += 1) samples.push(Math.floor(Math.random() * 10 ** digits) * (i % 2 ? -1 : 1) || 0);
    }
    for (const cents of samples) expect(formatMoney(cents), String(cents)).toBe(dollars.format(cents / 100));
  });

  it.each([
    [123450, 'USD', '$1,234.50'],
    [123450, 'EUR', '€1,234.50'],
    [123450, 'GBP', '£1,234.50'],
    [123450, 'CAD', 'CA$1,234.50'],
    [123450, 'AUD', 'A$1,234.50'],
    [123450, 'CHF', 'CHF 1,234.50'],
    [123450, 'PLN', 'PLN 1,234.50'],
    [100_000_000, 'CZK', 'CZK 1,000,000.00'],
    [0, 'SEK', 'SEK 0.00'],
    [-5, 'EUR', '-€0.05'],
    [-123450, 'NOK', '-NOK 1,234.50'],
  ])('%i cents in %s → %s', (cents, currency, text) => {
    expect(formatMoney(cents, currency)).toBe(text);
  });

  it('writes every currency the shop prices in, the number laid out as for dollars', () => {
    for (const currency of CURRENCIES) {
      const text = formatMoney(-123450, currency);
      expect(text.startsWith('-'), currency).toBe(true);
      expect(text.endsWith('1,234.50'), currency).toBe(true);
      // Only the dollars carry "$"; the rest name their currency by sign or code.
      expect(text.includes('$'), currency).toBe(['USD', 'CAD', 'AUD'].includes(currency));
    }
  });
});

describe('parsePriceToCents', () => {
  it.each([
    ['0', 0],
    ['12', 1200],
    ['12.5', 1250],
    ['12.50', 1250],
    ['0.07', 7],
    [' 19.99 ', 1999],
    ['4.35', 435],
  ])('%j → %i cents, without float rounding', (text, cents) => {
    expect(parsePriceToCents(text)).toBe(cents);
  });

  it.each(['', '012', '1.234', '-1', '1e3', 'abc', '1.', '.5', '1,5', '12 00'])('refuses %j', (text) => {
    expect(parsePriceToCents(text)).toBeUndefined();
  });
});

describe('centsToPriceText', () => {
  it.each([
    [0, '0.00'],
    [7, '0.07'],
    [1250, '12.50'],
    [99999, '999.99'],
  ])('%i → %s and back', (cents, text) => {
    expect(centsToPriceText(cents)).toBe(text);
    expect(parsePriceToCents(text)).toBe(cents);
  });
});
