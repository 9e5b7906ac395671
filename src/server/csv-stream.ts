import * as copy from '#shared/copy';
import type { ImportLineError } from '#shared/schemas/catalogue-import';
import { AppError } from './app-error';
import { csvCell } from './modules/content';

const MB = 1024 * 1024;

/** A record of a CSV file with the line it starts on, as a text editor numbers them (from 1). */
export interface CsvRecord {
  line: number;
  cells: string[];
}

/** A cell that a spreadsheet would run as a formula, or such a cell already guarded with `'`. */
const GUARDED = /^'*[=+\-@\t\r]/;

/**
 * A cell of an exported file: `csvCell`, whose `'` before a formula's first character keeps a
 * spreadsheet from running it, and that `'` also before a text that starts with `'`s and then such a
 * character, so that `plainCell` takes exactly one off and every text comes back as it was.
 */
export function exportCell(value: string): string {
  return /^'+[=+\-@\t\r]/.test(value) ? csvCell(`'${value}`) : csvCell(value);
}

/** One exported record, CRLF-ended (RFC 4180). */
export function exportLine(cells: readonly string[]): string {
  return cells.map(exportCell).join(',') + '\r\n';
}

/** A cell as read back: the `'` that `exportCell` put before a formula's first character taken off. */
export function plainCell(cell: string): string {
  return GUARDED.test(cell) && cell.startsWith("'") ? cell.slice(1) : cell;
}

/**
 * Reads a CSV file (RFC 4180: comma-separated, `"` quoting, CRLF, LF or CR line ends) as its bytes
 * arrive, handing each record to `onRecord` as soon as it is read and never holding more of the file than a chunk and the
 * record it is in. Blank lines are skipped but counted. Refused as a whole, with a problem the HTTP
 * layer answers: more than `maxBytes` (413, naming the limit), bytes that are not UTF-8 or a NUL (400).
 * A BOM is taken off.
 */
export async function readCsvRecords(
  source: AsyncIterable<Uint8Array | string>,
  maxBytes: number,
  onRecord: (record: CsvRecord) => void,
): Promise<void> {
  const decoder = new TextDecoder('utf-8', { fatal: true });
  let bytes = 0;
  let line = 1;
  let recordLine = 1;
  let cells: string[] = [];
  let cell = '';
  let quoted = false;
  /** Inside a quoted cell, a `"` seen: the next character says whether it closed the cell or was doubled. */
  let quoteSeen = false;
  /** A CR ended the last record or line: an LF right after it belongs to it. */
  let afterCr = false;
  /** Whether the record has anything yet (a quoted empty cell counts). */
  let started = false;

  const endRecord = () => {
    cells.push(cell);
    // Handed on at once: a record is garbage as soon as it is read, and dies young.
    if (started || cells.length > 1 || cell !== '') onRecord({ line: recordLine, cells });
    cells = [];
    cell = '';
    started = false;
  };

  const read = (text: string) => {
    if (text.includes('\u0000'))
      throw new AppError('validation_failed', copy.catalogueImport.notText, { file: copy.catalogueImport.notText });
    let runStart = 0;
    for (let i = 0; i < text.length; i++) {
      const ch = text.charCodeAt(i);
      const lfAfterCr = afterCr && ch === 10;
      afterCr = false;
      if (quoted) {
        if (quoteSeen) {
          quoteSeen = false;
          if (ch === 34) {
            // A doubled quote: the second one is the cell's.
            runStart = i + 1;
            cell += '"';
            continue;
          }
          // The quote closed the cell: this character is read as outside quotes.
          quoted = false;
          runStart = i;
        } else {
          if (ch === 34) {
            cell += text.slice(runStart, i);
            quoteSeen = true;
          } else if (ch === 13) {
            line += 1;
            afterCr = true;
          } else if (ch === 10 && !lfAfterCr) {
            line += 1;
          }
          continue;
        }
      }
      if (lfAfterCr) {
        runStart = i + 1;
      } else if (ch === 44) {
        cell += text.slice(runStart, i);
        cells.push(cell);
        cell = '';
        started = true;
        runStart = i + 1;
      } else if (ch === 10 || ch === 13) {
        cell += text.slice(runStart, i);
        endRecord();
        line += 1;
        recordLine = line;
        afterCr = ch === 13;
        runStart = i + 1;
      } else if (ch === 34 && cell === '' && runStart === i) {
        quoted = true;
        started = true;
        runStart = i + 1;
      }
    }
    if (!quoteSeen) cell += text.slice(runStart);
  };

  try {
    for await (const chunk of source) {
      const data = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
      bytes += data.byteLength;
      if (bytes > maxBytes) {
        throw new AppError('payload_too_large', copy.catalogueImport.tooLarge(maxBytes / MB));
      }
      read(decoder.decode(data, { stream: true }));
    }
    read(decoder.decode());
  } catch (error) {
    if (error instanceof TypeError && (error as { code?: string }).code === 'ERR_ENCODING_INVALID_ENCODED_DATA') {
      throw new AppError('validation_failed', copy.catalogueImport.notText, { file: copy.catalogueImport.notText });
    }
    throw error;
  }
  if (quoted && !quoteSeen) {
    throw new AppError('validation_failed', copy.catalogueExchange.unclosedQuote, { file: copy.catalogueExchange.unclosedQuote });
  }
  if (cells.length > 0 || cell !== '' || started) endRecord();
}

/** The header's columns against the file's: each of `columns` once, none other, in any order. */
export function readHeader<C extends string>(
  record: CsvRecord | undefined,
  columns: readonly C[],
): { index: Record<C, number>; errors: ImportLineError[] } {
  const c = copy.catalogueExchange;
  const errors: ImportLineError[] = [];
  const index = {} as Record<C, number>;
  if (!record) return { index, errors: [{ line: 1, message: c.empty }] };
  const line = record.line;
  record.cells.forEach((raw, position) => {
    const name = raw.trim().toLowerCase();
    if (!(columns as readonly string[]).includes(name)) {
      errors.push({ line, message: c.columnUnknown(raw.trim()) });
    } else if (index[name as C] !== undefined) {
      errors.push({ line, message: c.columnTwice(name) });
    } else {
      index[name as C] = position;
    }
  });
  for (const column of columns) if (index[column] === undefined) errors.push({ line, message: c.columnMissing(column) });
  return { index, errors };
}

/**
 * Reads a catalogue file as it arrives: its header against `columns`, then each row that holds
 * something, handed to `row` with its line and a reader of its cells by column (`plainCell`). Answers
 * the errors of the file's shape: the header's (then no row is read) and rows whose number of cells
 * is not the header's.
 */
export async function eachCsvRow<C extends string>(
  source: AsyncIterable<Uint8Array | string>,
  maxBytes: number,
  columns: readonly C[],
  row: (line: number, cell: (column: C) => string) => void,
): Promise<ImportLineError[]> {
  const errors: ImportLineError[] = [];
  let header: Record<C, number> | undefined;
  let headerRead = false;
  await readCsvRecords(source, maxBytes, (record) => {
    if (!headerRead) {
      headerRead = true;
      const read = readHeader(record, columns);
      errors.push(...read.errors);
      if (read.errors.length === 0) header = read.index;
      return;
    }
    // A file whose header is wrong is read to its end (its size is still limited), its rows not.
    if (!header) return;
    if (record.cells.every((cell) => cell.trim() === '')) return;
    if (record.cells.length !== columns.length) {
      errors.push({ line: record.line, message: copy.catalogueExchange.cellCount(record.cells.length, columns.length) });
      return;
    }
    const index = header;
    row(record.line, (column) => plainCell(record.cells[index[column]]!));
  });
  if (!headerRead) errors.push({ line: 1, message: copy.catalogueExchange.empty });
  return errors;
}

/** An import's answer when the file has errors: every one, by line, and nothing written. */
export function refusedImport(errors: ImportLineError[]) {
  return {
    ok: false,
    added: 0,
    changed: 0,
    unchanged: 0,
    errors: [...errors].sort((a, b) => a.line - b.line),
  };
}
