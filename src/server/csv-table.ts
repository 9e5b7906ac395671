import Papa from 'papaparse';

/** A row of a table read from text, with the line it starts on. */
export interface TableRow {
  /** The line of the text it starts on, from 1. */
  line: number;
  cells: string[];
  /** The row as written, without its line break. */
  written: string;
}

/**
 * A CSV table's rows that hold something, each with the line of the text it starts on, as a text
 * editor numbers them: blank lines count, and a quoted cell holding a line break spans that many
 * lines. The quick order and the contract price import read their files with it, so that both name
 * a refused line by the same number.
 */
export function tableRows(text: string, delimiter: string): TableRow[] {
  const rows: TableRow[] = [];
  const lineBreaks = /\r\n|\r|\n/g;
  let line = 1;
  let start = 0;
  Papa.parse<string[]>(text, {
    delimiter,
    step: ({ data, meta }) => {
      const written = text.slice(start, meta.cursor);
      if (data.some((cell) => cell.trim() !== ''))
        rows.push({ line, cells: data, written: written.replace(/(\r\n|\r|\n)$/, '') });
      // The next row starts after this one's line breaks, its own and any inside a quoted cell.
      line += (written.match(lineBreaks) ?? []).length;
      start = meta.cursor;
    },
  });
  return rows;
}
