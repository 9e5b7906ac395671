import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type CsvRecord, exportLine, plainCell, readCsvRecords } from './csv-stream';

/** The file's records read in chunks of `size` bytes (a multi-byte character may be cut in two). */
async function read(text: string | Buffer, size: number, maxBytes = 1e9) {
  const bytes = Buffer.isBuffer(text) ? text : Buffer.from(text);
  async function* chunks() {
    for (let i = 0; i < bytes.length; i += size) yield bytes.subarray(i, i + size);
  }
  const records: CsvRecord[] = [];
  await readCsvRecords(chunks(), maxBytes, (record) => records.push(record));
  return records;
}

describe('csvRecords', () => {
  it('reads quoted cells, doubled quotes and line breaks inside cells, numbering lines as an editor does', async () => {
    const text = 'a,b\r\n"x, ""y""","line\r\none"\r\n\r\nlast,"ü\nß"\nend,\r\n';
    for (const size of [1, 2, 3, 7, 1000]) {
      expect(await read(text, size)).toEqual([
        { line: 1, cells: ['a', 'b'] },
        { line: 2, cells: ['x, "y"', 'line\r\none'] },
        { line: 5, cells: ['last', 'ü\nß'] },
        { line: 7, cells: ['end', ''] },
      ]);
    }
  });

  it('takes off a BOM, and refuses bytes that are not UTF-8, a NUL and a file over the limit', async () => {
    expect(await read('\uFEFFa,b\n', 1)).toEqual([{ line: 1, cells: ['a', 'b'] }]);
    await expect(read(Buffer.from([0x61, 0x2c, 0xe4, 0x0a]), 2)).rejects.toMatchObject({ code: 'validation_failed' });
    await expect(read('a,\u0000\n', 2)).rejects.toMatchObject({ code: 'validation_failed' });
    await expect(read('a,b\n'.repeat(10), 4, 20)).rejects.toMatchObject({ code: 'payload_too_large' });
    await expect(read('a,"b\n', 4)).rejects.toMatchObject({ code: 'validation_failed' });
  });

  it('gives back every exported record exactly, cut into chunks anywhere', async () => {
    const cell = fc.string({ unit: fc.constantFrom('a', 'é', '"', ',', '\r', '\n', "'", '=', '-', '+', '@', ' ', '\t', '✓') });
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.array(cell, { minLength: 2, maxLength: 4 }), { minLength: 1, maxLength: 5 }),
        fc.integer({ min: 1, max: 9 }),
        async (rows, size) => {
          const width = rows[0]!.length;
          const records = rows.map((row) => [...row.slice(0, width), ...Array(Math.max(0, width - row.length)).fill('x')]);
          const read_ = await read(records.map(exportLine).join(''), size);
          expect(read_.map((record) => record.cells.map(plainCell))).toEqual(records);
        },
      ),
      { numRuns: 200 },
    );
  });
});
