import * as copy from '#shared/copy';
import { type ImportFormat, MAX_IMPORT_CHARS, MAX_IMPORT_LINES } from '#shared/schemas/cart';

/**
 * The browser's side of quick order: it reads a chosen file as UTF-8 and checks what the server would
 * refuse of the whole text, so that such a text is never sent. The server reads the lines themselves.
 */

const q = copy.quickOrder;

/** A CSV's first row, as the server reads it: the cells `sku` and `quantity`, any order, any case. */
function headerCells(row: string): string[] {
  return row.split(/[,;\t|]/).map((cell) =>
    cell
      .trim()
      .replace(/^"(.*)"$/, '$1')
      .trim(),
  );
}

function isCsvHeader(row: string): boolean {
  const cells = headerCells(row).map((cell) => cell.toLowerCase());
  return cells.includes('sku') && cells.includes('quantity');
}

function filledRows(text: string): string[] {
  return text.split(/\r\n|\r|\n/).filter((row) => row.trim() !== '');
}

/**
 * The first filled row of a CSV text, when it is the header `sku,quantity` (in either order), written
 * with commas: the server answers each refused row with its cells joined by commas.
 */
export function csvHeaderOf(text: string): string | undefined {
  const first = filledRows(text)[0];
  return first !== undefined && isCsvHeader(first) ? headerCells(first).join(',') : undefined;
}

export type FileReading = { text: string } | { problem: string };

/**
 * A chosen CSV file as text: refused when it is not UTF-8 (U+0000 too, which is how UTF-16 without its
 * byte-order mark reads) or has no header row.
 */
export function readCsvFile(bytes: ArrayBuffer): FileReading {
  let text: string;
  try {
    // The decoder drops a byte-order mark.
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return { problem: q.notUtf8 };
  }
  if (text.includes('\u0000')) return { problem: q.notUtf8 };
  if (filledRows(text).length === 0) return { problem: q.nothingToAdd };
  if (csvHeaderOf(text) === undefined) return { problem: q.csvHeader };
  return { text: text.replace(/\s+$/, '') };
}

/** Why the server would refuse the whole text, if it would: the message the form shows under the box. */
export function textProblem(text: string, format: ImportFormat): string | undefined {
  if (text.trim() === '') return q.textRequired;
  if (text.length > MAX_IMPORT_CHARS) return q.textTooLong;
  const rows = filledRows(text);
  if (format === 'csv' && csvHeaderOf(text) === undefined) return q.csvHeader;
  // A header row is not a line to add: the CSV's always, the pasted lines' when they start with one.
  const lines = csvHeaderOf(text) === undefined ? rows.length : rows.length - 1;
  if (lines > MAX_IMPORT_LINES) return q.tooManyLines(MAX_IMPORT_LINES, lines);
  if (lines === 0) return q.nothingToAdd;
  return undefined;
}

/**
 * What stays in the box after an answer: the refused lines, to be fixed and sent again (under the
 * CSV's header, which the server needs). Nothing when every line went in.
 */
export function textAfterAnswer(rejected: readonly { text: string }[], format: ImportFormat, header: string | undefined): string {
  if (rejected.length === 0) return '';
  const rows = rejected.map((line) => line.text);
  return format === 'csv' && header !== undefined ? [header, ...rows].join('\n') : rows.join('\n');
}
