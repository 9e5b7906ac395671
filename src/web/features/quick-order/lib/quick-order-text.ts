import * as copy from '#shared/copy';
import { findHeader } from '#shared/quick-order';
import { type ImportFormat, MAX_IMPORT_CHARS, MAX_IMPORT_LINES } from '#shared/schemas/cart';

/**
 * The browser's side of quick order: it reads a chosen file as UTF-8 and checks what the server would
 * refuse of the whole text, so that such a text is never sent. The server reads the lines themselves;
 * both find a table's header row with #shared/quick-order.
 */

const q = copy.quickOrder;

function filledRows(text: string): string[] {
  return text.split(/\r\n|\r|\n/).filter((row) => row.trim() !== '');
}

/** The lines to add: the filled lines under the header row, or all of them without one. */
function linesToAdd(text: string): number {
  const header = findHeader(text);
  return filledRows(
    header
      ? text
          .split(/\r\n|\r|\n/)
          .slice(header.index + 1)
          .join('\n')
      : text,
  ).length;
}

/**
 * A chosen CSV file as text: refused when it is not UTF-8 (U+0000 too, which is how UTF-16 without its
 * byte-order mark reads) or holds nothing. `header` says whether its first row names the part-number
 * and quantity columns: without one, its lines are still put in the box, as pasted lines to be fixed.
 */
export type FileReading = { text: string; header: boolean } | { problem: string };

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
  return { text: text.replace(/\s+$/, ''), header: findHeader(text) !== undefined };
}

/** Why the server would refuse the whole text, if it would: the message the form shows under the box. */
export function textProblem(text: string, format: ImportFormat): string | undefined {
  if (text.trim() === '') return q.textRequired;
  if (text.length > MAX_IMPORT_CHARS) return q.textTooLong;
  if (format === 'csv' && findHeader(text) === undefined) return q.csvHeader;
  const lines = linesToAdd(text);
  if (lines > MAX_IMPORT_LINES) return q.tooManyLines(MAX_IMPORT_LINES, lines);
  if (lines === 0) return q.nothingToAdd;
  return undefined;
}

/**
 * What stays in the box after an answer: the refused lines, in the order sent, to be fixed and sent
 * again (under the table's header row, which names their columns), with the line of the box each is
 * now on. Nothing when every line went in.
 */
export function boxAfterAnswer(rejected: readonly { text: string }[], sent: string): { text: string; lines: number[] } {
  if (rejected.length === 0) return { text: '', lines: [] };
  const header = findHeader(sent);
  const rows = header?.delimiter ? [header.text] : [];
  const lines: number[] = [];
  let next = rows.length + 1;
  for (const { text } of rejected) {
    lines.push(next);
    rows.push(text);
    // A quoted cell may hold a line break: the row then takes more than one line.
    next += text.split(/\r\n|\r|\n/).length;
  }
  return { text: rows.join('\n'), lines };
}
