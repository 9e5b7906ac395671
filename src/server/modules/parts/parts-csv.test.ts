import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { listCell, readListCell } from './parts-csv';

describe('list cells', () => {
  it('give back every list of trimmed fields, whatever they hold', () => {
    const field = fc
      .string({ unit: fc.constantFrom('a', ';', '|', '\\', ' ', 'é', '"', ',') })
      .map((text) => text.trim())
      .filter((text) => text !== '');
    fc.assert(
      fc.property(fc.array(fc.array(field, { minLength: 2, maxLength: 4 }), { maxLength: 4 }), (items) => {
        expect(readListCell(listCell(items))).toEqual(items);
      }),
      { numRuns: 300 },
    );
    expect(
      listCell([
        ['10', '44.00'],
        ['50', '39.50'],
      ]),
    ).toBe('10|44.00; 50|39.50');
    expect(readListCell('a\\')).toBeUndefined();
    expect(readListCell('')).toEqual([]);
  });
});
