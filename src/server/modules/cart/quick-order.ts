import * as copy from '#shared/copy';
import { type ImportFormat, MAX_IMPORT_LINES } from '#shared/schemas/cart';
import { findHeader, trimRow } from '#shared/quick-order';
import { MAX_STOCK } from '#shared/schemas/parts';
import { AppError } from '../../app-error';
import { tableRows } from '../../csv-table';

/** A quick-order line that reads as a part number and a quantity. */
export interface ParsedLine {
  /** Its line in the text, from 1 (a CSV's header is line 1). */
  line: number;
  /** The line as written, trimmed: shown beside the answer, and left in the box when refused. */
  text: string;
  sku: string;
  quantity: number;
}

export interface RejectedLine {
  line: number;
  text: string;
  sku: string;
  message: string;
}

/** Between a part number and its quantity: spaces, a tab (a pasted spreadsheet row), a comma or a semicolon. */
const SEPARATORS = /[\t,;]+|\s+/;

function notText(message: string): AppError {
  return new AppError('validation_failed', message, { text: message });
}

/** "48" → 48; anything but a whole number of at most seven digits is refused. */
function quantityOf(text: string): number | undefined {
  if (!/^\d{1,7}$/.test(text)) return undefined;
  const quantity = Number(text);
  return quantity >= 1 && quantity <= MAX_STOCK ? quantity : undefined;
}

function read(line: number, text: string, sku: string, quantityText: string, rejected: RejectedLine[]): ParsedLine | undefined {
  if (sku === '') {
    rejected.push({ line, text, sku, message: copy.quickOrder.unreadable });
    return undefined;
  }
  const quantity = quantityOf(quantityText);
  if (quantity === undefined) {
    rejected.push({
      line,
      text,
      sku,
      message: quantityText === '' ? copy.quickOrder.unreadable : copy.quickOrder.quantityNotNumber,
    });
    return undefined;
  }
  return { line, text, sku, quantity };
}

/** The table's rows, each with its line and as written (`trimRow`, so that it reads the same again). */
function tableRowsOf(text: string, delimiter: string) {
  return tableRows(text, delimiter).map((row) => ({ ...row, text: trimRow(row.written) }));
}

/**
 * A pasted line (`written`, answered as `text`): the quantity is its last cell, the part number the rest
 * (it may be written with spaces, "GH BRK 1042 48").
 */
function readLine(line: number, text: string, rejected: RejectedLine[], written = text): ParsedLine | undefined {
  const cells = written.split(SEPARATORS).filter((cell) => cell !== '');
  const quantity = cells.length >= 2 ? cells[cells.length - 1]! : '';
  const sku = (cells.length >= 2 ? cells.slice(0, -1) : cells).join(' ');
  return read(line, text, sku, quantity, rejected);
}

/**
 * Reads quick-order text: a table under its header row (a CSV file, `csv`, which must have one; or
 * spreadsheet cells pasted with theirs), its part-number and quantity columns found by their names
 * (#shared/quick-order), or pasted lines of "part number, quantity" (`lines`). Blank lines are skipped
 * but counted: each line is named by its number in the text. A line that does not read is refused with
 * its message; the whole text is refused when it is not UTF-8, has more than MAX_IMPORT_LINES lines,
 * has none, or is a CSV without a header row naming both columns.
 */
export function readQuickOrder(text: string, format: ImportFormat): { lines: ParsedLine[]; rejected: RejectedLine[] } {
  // A file read as UTF-8 that was not shows U+FFFD where its bytes did not decode; UTF-16 shows NULs.
  if (text.includes('\uFFFD') || text.includes('\u0000')) throw notText(copy.quickOrder.notUtf8);
  const body = text.replace(/^\uFEFF/, '');
  const rows = body.split(/\r\n|\r|\n/);
  if (!rows.some((row) => row.trim() !== '')) throw notText(copy.quickOrder.nothingToAdd);
  const header = findHeader(body);
  if (format === 'csv' && !header) throw notText(copy.quickOrder.csvHeader);

  const lines: ParsedLine[] = [];
  const rejected: RejectedLine[] = [];
  const take = (parsed: ParsedLine | undefined) => {
    if (parsed) lines.push(parsed);
  };
  if (header?.delimiter) {
    // The header and what stands above it (blank lines, a spreadsheet's `sep=` line) are not lines to add.
    const records = tableRowsOf(body, header.delimiter).filter((row) => row.line > header.index + 1);
    if (records.length > MAX_IMPORT_LINES) throw notText(copy.quickOrder.tooManyLines(MAX_IMPORT_LINES, records.length));
    if (records.length === 0) throw notText(copy.quickOrder.nothingToAdd);
    for (const { line, cells, text: row } of records) {
      // A row without the delimiter was written as a pasted line ("GH-BRK-1042 48"): read it as one.
      if (cells.length === 1) take(readLine(line, row, rejected, cells[0]!.trim()));
      else {
        const sku = (cells[header.partColumn] ?? '').trim();
        const quantity = (cells[header.quantityColumn] ?? '').trim();
        take(read(line, row, sku, quantity, rejected));
      }
    }
    return { lines, rejected };
  }

  const numbered = rows
    .map((row, index) => ({ line: index + 1, text: row.trim() }))
    // A header of words ("Part number Quantity") names the lines under it.
    .filter((row) => row.text !== '' && (!header || row.line > header.index + 1));
  if (numbered.length > MAX_IMPORT_LINES) throw notText(copy.quickOrder.tooManyLines(MAX_IMPORT_LINES, numbered.length));
  if (numbered.length === 0) throw notText(copy.quickOrder.nothingToAdd);
  for (const { line, text: row } of numbered) take(readLine(line, row, rejected));
  return { lines, rejected };
}
