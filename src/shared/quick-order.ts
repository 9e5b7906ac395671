/**
 * The header row of a quick order's table (docs/shop-rules.md, "Quick order"): a CSV file's first row,
 * or that of spreadsheet cells pasted with theirs, names the part-number column and the quantity column
 * as the buyer's own system does ("SKU;Qty", "Part number,Quantity", "Artikelnummer;Menge"), with any
 * other columns beside them. One module for the browser and the server, so that the row the browser
 * keeps as a header is the one the server reads as such.
 */

/** Between a table's cells: what spreadsheets write to CSV, and what they put on the clipboard (a tab). */
export const TABLE_DELIMITERS = ['\t', ';', ',', '|'] as const;

/**
 * Names of the part-number column as `headerKey` writes them, the most telling first: when several
 * columns are named so ("SKU" and "OEM"), the one whose name comes first here is read.
 */
const PART_NUMBER_NAMES = [
  'sku',
  'partnumber',
  'partno',
  'part#',
  'partnum',
  'partnr',
  'partcode',
  'itemnumber',
  'itemno',
  'item#',
  'itemcode',
  'articlenumber',
  'articleno',
  'article#',
  'productcode',
  'productnumber',
  'productno',
  'catalognumber',
  'cataloguenumber',
  'catalogno',
  'ordernumber',
  'mpn',
  'manufacturerpartnumber',
  'oemnumber',
  'oemno',
  'oem',
  'artikelnummer',
  'artikelnr',
  'artnr',
  'teilenummer',
  'teilenr',
  'bestellnummer',
  'reference',
  'ref',
  'referencia',
  'part',
  'item',
  'article',
  'artikel',
  'code',
];

/** Names of the quantity column, likewise ("Amount" last: some sheets mean money by it). */
const QUANTITY_NAMES = [
  'quantity',
  'qty',
  'quantityordered',
  'orderquantity',
  'orderqty',
  'qtyordered',
  'quantities',
  'pcs',
  'pieces',
  'units',
  'menge',
  'bestellmenge',
  'anzahl',
  'stuck',
  'stueck',
  'stk',
  'quantite',
  'qte',
  'cantidad',
  'quantita',
  'aantal',
  'count',
  'amount',
];

/** Names that still say what a column holds with more after them: "Part number (OEM)", "Qty (pcs)". */
const PART_NUMBER_PREFIXES = ['sku', 'partnumber', 'partno', 'part#', 'itemnumber', 'articlenumber', 'artikelnummer'];
const QUANTITY_PREFIXES = ['quantity', 'qty', 'menge', 'anzahl'];

/** A header cell as compared: lower case, without accents, spaces or punctuation but `#` ("Part #" → "part#"). */
export function headerKey(cell: string): string {
  return cell
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/ß/g, 'ss')
    .replace(/[^a-z0-9#]/g, '');
}

/** The column whose name comes first in `names`, then the first whose name starts with one of `prefixes`. */
function columnNamed(keys: readonly string[], names: readonly string[], prefixes: readonly string[], taken = -1): number {
  let best = -1;
  keys.forEach((key, column) => {
    const rank = names.indexOf(key);
    if (column !== taken && rank >= 0 && (best < 0 || rank < names.indexOf(keys[best]!))) best = column;
  });
  if (best >= 0) return best;
  return keys.findIndex((key, column) => column !== taken && prefixes.some((prefix) => key.startsWith(prefix)));
}

export interface HeaderColumns {
  partColumn: number;
  quantityColumn: number;
}

/** Which of a header row's cells name the part number and the quantity; undefined unless both do. */
export function columnsOf(cells: readonly string[]): HeaderColumns | undefined {
  const keys = cells.map(headerKey);
  const partColumn = columnNamed(keys, PART_NUMBER_NAMES, PART_NUMBER_PREFIXES);
  if (partColumn < 0) return undefined;
  const quantityColumn = columnNamed(keys, QUANTITY_NAMES, QUANTITY_PREFIXES, partColumn);
  return quantityColumn < 0 ? undefined : { partColumn, quantityColumn };
}

/** One row's cells between `delimiter`s, a quoted cell ("…") read as CSV writes it. */
function cellsOf(row: string, delimiter: string): string[] {
  const cells: string[] = [];
  let cell = '';
  let quoted = false;
  for (let at = 0; at < row.length; at += 1) {
    const char = row[at]!;
    if (quoted) {
      if (char === '"' && row[at + 1] === '"') {
        cell += '"';
        at += 1;
      } else if (char === '"') quoted = false;
      else cell += char;
    } else if (char === '"' && cell.trim() === '') {
      quoted = true;
      cell = '';
    } else if (char === delimiter) {
      cells.push(cell.trim());
      cell = '';
    } else cell += char;
  }
  cells.push(cell.trim());
  return cells;
}

/**
 * A table's row as written, without its line break or the spaces around it; its tabs stay, since an
 * empty first or last cell of a pasted spreadsheet row is one.
 */
export function trimRow(row: string): string {
  return row.replace(/^[^\S\t]+|[^\S\t]+$/g, '');
}

export interface QuickOrderHeader extends HeaderColumns {
  /** The row as written (`trimRow`). */
  text: string;
  /** Its index among the text's lines, from 0. */
  index: number;
  /**
   * The delimiter its cells, and so the table's rows, are read with; null for a pasted header of words
   * between spaces ("Part number Quantity"), which only names the lines under it, read as pasted lines.
   */
  delimiter: string | null;
}

/**
 * The header row of a quick order, when its first filled line is one (after a spreadsheet's `sep=;`
 * line, whose delimiter is then tried first): cells between a tab, a semicolon, a comma or a bar, one
 * naming the part number and another the quantity.
 */
export function findHeader(text: string): QuickOrderHeader | undefined {
  const lines = text.replace(/^\uFEFF/, '').split(/\r\n|\r|\n/);
  let index = lines.findIndex((line) => line.trim() !== '');
  if (index < 0) return undefined;
  const declared = /^"?sep=(.)"?$/i.exec(lines[index]!.trim())?.[1];
  if (declared !== undefined) {
    index = lines.findIndex((line, at) => at > index && line.trim() !== '');
    if (index < 0) return undefined;
  }
  const row = lines[index]!;
  for (const delimiter of declared ? [declared, ...TABLE_DELIMITERS] : TABLE_DELIMITERS) {
    const cells = cellsOf(row, delimiter);
    const columns = cells.length >= 2 ? columnsOf(cells) : undefined;
    if (columns) return { text: trimRow(row), index, delimiter, ...columns };
  }
  // Pasted words: the quantity's name last, the part number's before it, as the lines under it are read.
  const words = row.trim().split(/\s+/);
  const named = words.length >= 2 ? columnsOf([words.slice(0, -1).join(' '), words[words.length - 1]!]) : undefined;
  if (named?.partColumn === 0 && named.quantityColumn === 1) {
    return { text: row.trim(), index, delimiter: null, partColumn: 0, quantityColumn: 1 };
  }
  return undefined;
}
