import Papa from 'papaparse';
import * as copy from '#shared/copy';
import { type ImportFormat, MAX_IMPORT_LINES } from '#shared/schemas/cart';
import { MAX_STOCK } from '#shared/schemas/parts';
import { AppError } from '../../app-error';

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

const HEADER = /^\s*"?sku"?\s*[,;\t]\s*"?quantity"?\s*$/i;
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

/**
 * A CSV's rows that hold something, each with the line of the file it starts on, as a text editor
 * numbers them: blank lines count, and a quoted cell holding a line break spans that many lines.
 */
function csvRecords(text: string): { line: number; cells: string[] }[] {
  const records: { line: number; cells: string[] }[] = [];
  const lineBreaks = /\r\n|\r|\n/g;
  let line = 1;
  let start = 0;
  Papa.parse<string[]>(text, {
    step: ({ data, meta }) => {
      if (data.some((cell) => cell.trim() !== '')) records.push({ line, cells: data });
      // The next row starts after this one's line breaks, its own and any inside a quoted cell.
      line += (text.slice(start, meta.cursor).match(lineBreaks) ?? []).length;
      start = meta.cursor;
    },
  });
  return records;
}

/**
 * Reads quick-order text: pasted lines of "part number, quantity" (`lines`; a first line `sku,quantity`
 * is taken as a header and skipped), or a CSV file with the header `sku,quantity` in any column order
 * (`csv`). Blank lines are skipped but counted: each line is named by its number in the text. A line
 * that does not read is refused with its message; the whole text is refused when it is not UTF-8, has
 * more than MAX_IMPORT_LINES lines, has none, or is a CSV without its header.
 */
export function readQuickOrder(text: string, format: ImportFormat): { lines: ParsedLine[]; rejected: RejectedLine[] } {
  // A file read as UTF-8 that was not shows U+FFFD where its bytes did not decode; UTF-16 shows NULs.
  if (text.includes('\uFFFD') || text.includes('\u0000')) throw notText(copy.quickOrder.notUtf8);
  const rows = text.replace(/^\uFEFF/, '').split(/\r\n|\r|\n/);
  const filled = rows.filter((row) => row.trim() !== '').length;
  if (filled === 0) throw notText(copy.quickOrder.nothingToAdd);

  const lines: ParsedLine[] = [];
  const rejected: RejectedLine[] = [];
  if (format === 'csv') {
    const records = csvRecords(text.replace(/^\uFEFF/, ''));
    const header = records.shift();
    const columns = (header?.cells ?? []).map((cell) => cell.trim().toLowerCase());
    const skuColumn = columns.indexOf('sku');
    const quantityColumn = columns.indexOf('quantity');
    if (skuColumn < 0 || quantityColumn < 0) throw notText(copy.quickOrder.csvHeader);
    if (records.length > MAX_IMPORT_LINES) throw notText(copy.quickOrder.tooManyLines(MAX_IMPORT_LINES, records.length));
    if (records.length === 0) throw notText(copy.quickOrder.nothingToAdd);
    for (const { line, cells } of records) {
      const sku = (cells[skuColumn] ?? '').trim();
      const quantity = (cells[quantityColumn] ?? '').trim();
      const parsedLine = read(line, cells.join(',').trim(), sku, quantity, rejected);
      if (parsedLine) lines.push(parsedLine);
    }
    return { lines, rejected };
  }

  const numbered = rows.map((row, index) => ({ line: index + 1, text: row.trim() })).filter((row) => row.text !== '');
  if (numbered[0] && HEADER.test(numbered[0].text)) numbered.shift();
  if (numbered.length > MAX_IMPORT_LINES) throw notText(copy.quickOrder.tooManyLines(MAX_IMPORT_LINES, numbered.length));
  if (numbered.length === 0) throw notText(copy.quickOrder.nothingToAdd);
  for (const { line, text: row } of numbered) {
    const cells = row.split(SEPARATORS).filter((cell) => cell !== '');
    // The quantity is the last cell; a part number written with spaces ("GH BRK 1042 48") is the rest.
    const quantity = cells.length >= 2 ? cells[cells.length - 1]! : '';
    const sku = (cells.length >= 2 ? cells.slice(0, -1) : cells).join(' ');
    const parsedLine = read(line, row, sku, quantity, rejected);
    if (parsedLine) lines.push(parsedLine);
  }
  return { lines, rejected };
}
