import { describe, expect, it } from 'vitest';
import { csvCell, decimalOf, toCsv } from './csv';

describe('csv', () => {
  it.each([
    ['plain@example.com', 'plain@example.com'],
    ['a,b', '"a,b"'],
    ['say "hi"', '"say ""hi"""'],
    ['two\nlines', '"two\nlines"'],
    ['=HYPERLINK("http://evil.example")', `"'=HYPERLINK(""http://evil.example"")"`],
    ['+1', "'+1"],
    ['-2+3', "'-2+3"],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['\t=1', "'\t=1"],
    ['', ''],
  ])('writes %j as %j', (value, cell) => {
    expect(csvCell(value)).toBe(cell);
  });

  it('joins rows with CRLF and ends with one', () => {
    expect(
      toCsv([
        ['email', 'subscribed_at'],
        ['a@example.com', '2026-06-15T12:00:00.000Z'],
      ]),
    ).toBe('email,subscribed_at\r\na@example.com,2026-06-15T12:00:00.000Z\r\n');
  });

  it.each([
    [123450, '1234.50'],
    [5, '0.05'],
    [0, '0.00'],
    [-1999, '-19.99'],
  ])('writes %i cents as %s', (cents, decimal) => {
    expect(decimalOf(cents)).toBe(decimal);
  });
});
