import { describe, expect, it } from 'vitest';
import * as copy from '#shared/copy';
import { MAX_CONTRACT_PRICE_LINES } from '#shared/schemas/companies';
import { readContractPrices } from './contract-prices-csv';

const c = copy.companies;

describe('readContractPrices', () => {
  it("reads a spreadsheet's file: a BOM, CRLF, quoted cells, other columns, any column order", () => {
    const file =
      '\uFEFFDescription,Unit Price,SKU\r\n"Pads, front",48.90,gh-brk-1042\r\n\r\n"Disc ""vented""",12,GH-BRK-2210\r\n';
    expect(readContractPrices(file)).toEqual({
      lines: [
        { line: 2, sku: 'GH-BRK-1042', unitPriceCents: 4890 },
        { line: 4, sku: 'GH-BRK-2210', unitPriceCents: 1200 },
      ],
      rejected: [],
    });
  });

  it('reads tab- and semicolon-separated files', () => {
    expect(readContractPrices('sku\tunit_price\nGH-A\t1.5\n').lines).toEqual([{ line: 2, sku: 'GH-A', unitPriceCents: 150 }]);
    expect(readContractPrices('sku;unit_price\nGH-A;0.01\n').lines).toEqual([{ line: 2, sku: 'GH-A', unitPriceCents: 1 }]);
  });

  it('numbers a line after a quoted cell holding a line break as a text editor does', () => {
    const { rejected } = readContractPrices('sku,unit_price,note\nGH-A,1.00,"two\nlines"\nGH-B,x\n');
    expect(rejected).toEqual([{ line: 4, message: c.pricesMalformed }]);
  });

  it('refuses prices written otherwise than 48.90, and those not above 0.00 or too high', () => {
    const prices = ['48,90', '$48.90', '1e3', '.5', '48.905', '0', '0.00', '-1', '1000000.01'];
    const { rejected } = readContractPrices(`sku,unit_price\n${prices.map((p, i) => `GH-${i},"${p}"`).join('\n')}`);
    expect(rejected.map((line) => line.message)).toEqual([
      c.pricesMalformed,
      c.pricesMalformed,
      c.pricesMalformed,
      c.pricesMalformed,
      c.pricesMalformed,
      c.pricesNotPositive,
      c.pricesNotPositive,
      c.pricesNotPositive,
      c.pricesTooHigh,
    ]);
  });

  it('refuses a file that is not UTF-8 text, or too long, as a whole', () => {
    expect(() => readContractPrices('sku,unit_price\nGH-\uFFFD,1.00')).toThrow(c.pricesNotText);
    const long = `sku,unit_price\n${'GH-A,1.00\n'.repeat(MAX_CONTRACT_PRICE_LINES + 1)}`;
    expect(() => readContractPrices(long)).toThrow(c.pricesTooManyLines(MAX_CONTRACT_PRICE_LINES, MAX_CONTRACT_PRICE_LINES + 1));
  });
});
