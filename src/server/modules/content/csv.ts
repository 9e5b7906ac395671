/** Spreadsheet programs read a file that starts with it as UTF-8, so accented names come out right. */
export const UTF8_BOM = '\uFEFF';

/**
 * One CSV cell (RFC 4180): quoted when it holds a comma, quote or line break. A cell that a
 * spreadsheet would run as a formula (starting with =, +, -, @, or a tab or carriage return that
 * some programs skip) gets a leading ' so it opens as text (OWASP "CSV injection").
 */
export function csvCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** One CSV record: its cells through csvCell, ending with CRLF as RFC 4180 asks. */
export function csvLine(cells: readonly string[]): string {
  return cells.map(csvCell).join(',') + '\r\n';
}

/** Rows joined with CRLF, as RFC 4180 asks, ending with one. */
export function toCsv(rows: readonly (readonly string[])[]): string {
  return rows.map(csvLine).join('');
}

/** Cents as a decimal with two digits (`123450` → `1234.50`), exact for any whole number of cents. */
export function decimalOf(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}
