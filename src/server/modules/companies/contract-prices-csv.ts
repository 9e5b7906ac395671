import * as copy from '#shared/copy';
import { type ContractPriceRejection, MAX_CONTRACT_PRICE_LINES } from '#shared/schemas/companies';
import { MAX_PRICE_CENTS } from '#shared/schemas/part-limits';
import { AppError } from '../../app-error';
import { tableRows } from '../../csv-table';

const c = copy.companies;

/** A line of a contract price file that reads as a SKU and a price. */
export interface ContractPriceLine {
  line: number;
  sku: string;
  unitPriceCents: number;
}

/** A header cell as compared: "Unit price", "unit_price" and "UNIT-PRICE" are one name. */
const headerKey = (cell: string) =>
  cell
    .trim()
    .toLowerCase()
    .replace(/[\s_-]+/g, '');

/** "48.90" → 4890; a number with at most two decimals, in the shop's currency. */
const PRICE = /^-?\d{1,12}(\.\d{1,2})?$/;

function priceOf(text: string): { cents: number } | { message: string } {
  if (!PRICE.test(text)) return { message: c.pricesMalformed };
  const [whole, fraction = ''] = text.replace('-', '').split('.');
  const cents = Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
  if (text.startsWith('-') || cents <= 0) return { message: c.pricesNotPositive };
  if (cents > MAX_PRICE_CENTS) return { message: c.pricesTooHigh };
  return { cents };
}

function notText(message: string): AppError {
  return new AppError('validation_failed', message, { file: message });
}

/**
 * Reads a contract price file (docs/shop-rules.md, "Trade accounts"): a header row naming the `sku`
 * and `unit_price` columns (comma, semicolon or tab between cells; other columns ignored), then one
 * part a line. Every line that does not read is refused with its message, a SKU named twice on its
 * second line. The whole file is refused when it is not UTF-8 text or has too many lines.
 */
export function readContractPrices(text: string): { lines: ContractPriceLine[]; rejected: ContractPriceRejection[] } {
  // A file read as UTF-8 that was not shows U+FFFD where its bytes did not decode; UTF-16 shows NULs.
  if (text.includes('\uFFFD') || text.includes('\u0000')) throw notText(c.pricesNotText);
  const body = text.replace(/^\uFEFF/, '');
  const firstLine = body.split(/\r\n|\r|\n/).findIndex((row) => row.trim() !== '');
  const headerRow = firstLine === -1 ? '' : body.split(/\r\n|\r|\n/)[firstLine]!;
  const delimiter = ['\t', ';', ','].find((candidate) => headerRow.includes(candidate)) ?? ',';
  const rows = tableRows(body, delimiter);
  const header = rows[0]?.cells.map(headerKey) ?? [];
  const skuColumn = header.indexOf('sku');
  const priceColumn = header.indexOf('unitprice');
  if (skuColumn === -1 || priceColumn === -1) {
    return { lines: [], rejected: [{ line: rows[0]?.line ?? 1, message: c.pricesHeader }] };
  }
  const records = rows.slice(1);
  if (records.length > MAX_CONTRACT_PRICE_LINES) throw notText(c.pricesTooManyLines(MAX_CONTRACT_PRICE_LINES, records.length));

  const lines: ContractPriceLine[] = [];
  const rejected: ContractPriceRejection[] = [];
  const firstSeen = new Map<string, number>();
  for (const { line, cells } of records) {
    const sku = (cells[skuColumn] ?? '').trim().toUpperCase();
    if (sku === '') {
      rejected.push({ line, message: c.pricesSkuMissing });
      continue;
    }
    const seen = firstSeen.get(sku);
    if (seen !== undefined) {
      rejected.push({ line, message: c.pricesDuplicate(sku, seen) });
      continue;
    }
    firstSeen.set(sku, line);
    const price = priceOf((cells[priceColumn] ?? '').trim());
    if ('message' in price) rejected.push({ line, message: price.message });
    else lines.push({ line, sku, unitPriceCents: price.cents });
  }
  return { lines, rejected };
}
