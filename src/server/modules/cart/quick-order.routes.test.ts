import { describe, expect, it } from 'vitest';
import * as copy from '#shared/copy';
import { MAX_IMPORT_LINES } from '#shared/schemas/cart';
import { signedInCustomer } from '../../testing/accounts';
import { testApi } from '../../testing/api';
import { bookingBody } from '../../testing/booking';
import { insertPart } from '../../testing/factories';
import { describeOnEachEngine } from '../../testing/test-app';
import { readQuickOrder } from './quick-order';

const q = copy.quickOrder;

describe('reading quick-order text', () => {
  it('reads a part number and a quantity per line, whatever stands between them', () => {
    const { lines, rejected } = readQuickOrder(
      'GH-BRK-1042 48\ngh-flt-0980,24\r\nGH-ENG-0044\t120\n\n  GH BRK 2210 ; 12  \nsku only\n12 ',
      'lines',
    );
    expect(lines).toEqual([
      { line: 1, text: 'GH-BRK-1042 48', sku: 'GH-BRK-1042', quantity: 48 },
      { line: 2, text: 'gh-flt-0980,24', sku: 'gh-flt-0980', quantity: 24 },
      { line: 3, text: 'GH-ENG-0044\t120', sku: 'GH-ENG-0044', quantity: 120 },
      { line: 5, text: 'GH BRK 2210 ; 12', sku: 'GH BRK 2210', quantity: 12 },
    ]);
    expect(rejected).toEqual([
      { line: 6, text: 'sku only', sku: 'sku', message: q.quantityNotNumber },
      { line: 7, text: '12', sku: '12', message: q.unreadable },
    ]);
  });

  it('skips a header line of pasted text, and reads a CSV by its header in any column order', () => {
    expect(readQuickOrder('sku,quantity\nA-100 12', 'lines').lines).toEqual([
      { line: 2, text: 'A-100 12', sku: 'A-100', quantity: 12 },
    ]);
    const csv = readQuickOrder('\uFEFFQuantity,SKU\r\n12,A-100\r\n"24","B-200"\r\n,\r\nx,C-300\r\n', 'csv');
    expect(csv.lines).toEqual([
      { line: 2, text: '12,A-100', sku: 'A-100', quantity: 12 },
      { line: 3, text: '"24","B-200"', sku: 'B-200', quantity: 24 },
    ]);
    expect(csv.rejected).toEqual([{ line: 5, text: 'x,C-300', sku: 'C-300', message: q.quantityNotNumber }]);
  });

  it('names each CSV line by its line in the file: blank lines and the lines of a quoted cell count', () => {
    const csv = readQuickOrder('\n sku,quantity\n\n  \nA-100,x\nB-200,\n,\n"C\n300",banana\r\nD-400,12\n\n', 'csv');
    expect(csv.rejected).toEqual([
      { line: 5, text: 'A-100,x', sku: 'A-100', message: q.quantityNotNumber },
      { line: 6, text: 'B-200,', sku: 'B-200', message: q.unreadable },
      // As written: the quoted cell keeps its quotes, so that the row reads the same when sent again.
      { line: 8, text: '"C\n300",banana', sku: 'C\n300', message: q.quantityNotNumber },
    ]);
    expect(csv.lines).toEqual([{ line: 10, text: 'D-400,12', sku: 'D-400', quantity: 12 }]);
    // Lines ended by a carriage return alone (old Mac files) count the same.
    expect(readQuickOrder('sku,quantity\r\rA-100,x', 'csv').rejected.map((line) => line.line)).toEqual([3]);
  });

  it.each([
    ['SKU;Qty', 'SKU;Qty\nA-100;12\nB-200;24'],
    ['Part number;Quantity', 'Part number;Quantity\r\nA-100;12\r\nB-200;24'],
    ['Item,Qty', 'Item,Qty\nA-100,12\nB-200,24'],
    ['Artikelnummer;Menge', 'Artikelnummer;Menge\nA-100;12\nB-200;24'],
    ['a byte-order mark and tabs', '\uFEFFPart #\tQTY.\nA-100\t12\nB-200\t24'],
    ['the quantity first', 'Quantity Ordered|Product Code\n12|A-100\n24|B-200'],
    ['Excel’s sep= line', 'sep=;\nArt.-Nr.;Bezeichnung;Stück\nA-100;Bremsbeläge, vorn;12\nB-200;Filter;24'],
    [
      'an export with description and price columns',
      '"Part No.","Description","Unit price","Qty (pcs)"\n"A-100","Pads, front","$48.90","12"\nB-200,Filter,9.50,24',
    ],
    ['a part number column named OEM beside the SKU', 'OEM,Sku,Menge\n99-X,A-100,12\n98-Y,B-200,24'],
  ])('reads a CSV whose header is %s', (_label, text) => {
    for (const format of ['csv', 'lines'] as const) {
      const { lines, rejected } = readQuickOrder(text, format);
      expect(rejected).toEqual([]);
      expect(lines.map(({ line, sku, quantity }) => ({ line, sku, quantity }))).toEqual([
        { line: lines[0]!.line, sku: 'A-100', quantity: 12 },
        { line: lines[0]!.line + 1, sku: 'B-200', quantity: 24 },
      ]);
    }
  });

  it('reads spreadsheet cells pasted with their header by its columns, and a pasted header of words', () => {
    const pasted = readQuickOrder('Description\tSKU\tQty\tPrice\nPads\tA-100\t12\t48.90\n\tB-200\tlots\t9.50', 'lines');
    expect(pasted.lines).toEqual([{ line: 2, text: 'Pads\tA-100\t12\t48.90', sku: 'A-100', quantity: 12 }]);
    // The row keeps its empty first cell: sent again under the header, its columns stay where they were.
    expect(pasted.rejected).toEqual([{ line: 3, text: '\tB-200\tlots\t9.50', sku: 'B-200', message: q.quantityNotNumber }]);
    // A row written as a pasted line under a header is read as one.
    expect(readQuickOrder('sku,quantity\nA-100 12', 'csv').lines).toEqual([
      { line: 2, text: 'A-100 12', sku: 'A-100', quantity: 12 },
    ]);
    expect(readQuickOrder('Part number Quantity\nGH BRK 1042 48', 'lines').lines).toEqual([
      { line: 2, text: 'GH BRK 1042 48', sku: 'GH BRK 1042', quantity: 48 },
    ]);
  });

  it.each([
    ['a CSV without its header', 'A-100,12\nB-200,24', 'csv', q.csvHeader],
    ['a CSV whose header names no quantity', 'SKU;Description;Price\nA-100;Pads;48.90', 'csv', q.csvHeader],
    ['text that was not UTF-8', 'A-100 12\nB\uFFFD 24', 'lines', q.notUtf8],
    ['UTF-16 read as UTF-8', 'A\u0000-\u00001\u0000', 'lines', q.notUtf8],
    ['nothing but blank lines', '\n  \n', 'lines', q.nothingToAdd],
    [
      '501 lines',
      Array.from({ length: MAX_IMPORT_LINES + 1 }, (_, i) => `P-${i} 12`).join('\n'),
      'lines',
      q.tooManyLines(500, 501),
    ],
    [
      'a CSV of 501 rows',
      ['sku,quantity', ...Array.from({ length: MAX_IMPORT_LINES + 1 }, (_, i) => `P-${i},12`)].join('\n'),
      'csv',
      q.tooManyLines(500, 501),
    ],
  ] as const)('refuses %s as a whole', (_label, text, format, message) => {
    expect(() => readQuickOrder(text, format)).toThrow(message);
  });

  it('reads 500 lines', () => {
    const text = Array.from({ length: MAX_IMPORT_LINES }, (_, i) => `P-${i} 12`).join('\n');
    expect(readQuickOrder(text, 'lines').lines).toHaveLength(500);
  });
});

describeOnEachEngine('quick order API', (ctx) => {
  const api = testApi(ctx);
  const db = () => ctx.database.db;

  it('answers every line, adds the good ones to the cart, merges a part named twice and says so', async () => {
    const customer = await signedInCustomer(ctx);
    await insertPart(db(), { sku: 'QO-BRK-1042', stock: 500 });
    await insertPart(db(), { sku: 'QO-FLT-0980', stock: 300, pack_size: 12 });
    await insertPart(db(), { sku: 'QO-ENG-0044', stock: 30 });
    await insertPart(db(), { sku: 'QO-OLD-0001', stock: 100, archived_at: '2026-01-01T00:00:00.000Z' });
    const text = [
      'QO-BRK-1042 24',
      'qo flt 0980, 18',
      'QO-NOPE-1 12',
      'QO-ENG-0044 6',
      'QO-BRK-1042 24',
      'QO-OLD-0001 12',
      'QO-ENG-0044 48',
      'QO-FLT-0980 banana',
    ].join('\n');
    const res = await api.as(customer).post('/api/cart/import', { text });
    expect(res.status, res.body).toBe(200);
    expect(res.json.added).toEqual([{ sku: 'QO-BRK-1042', quantity: 48, merged: 2 }]);
    expect(res.json.rejected).toEqual([
      { line: 2, text: 'qo flt 0980, 18', sku: 'qo flt 0980', message: copy.pricing.packsOf(12) },
      { line: 3, text: 'QO-NOPE-1 12', sku: 'QO-NOPE-1', message: q.unknownPart },
      // The part's two lines are judged together, 6 + 48 being more than the stock, and both stay to be fixed.
      { line: 4, text: 'QO-ENG-0044 6', sku: 'QO-ENG-0044', message: q.mergedRefused(2, 54, copy.pricing.overStock(30)) },
      { line: 6, text: 'QO-OLD-0001 12', sku: 'QO-OLD-0001', message: q.unknownPart },
      { line: 7, text: 'QO-ENG-0044 48', sku: 'QO-ENG-0044', message: q.mergedRefused(2, 54, copy.pricing.overStock(30)) },
      { line: 8, text: 'QO-FLT-0980 banana', sku: 'QO-FLT-0980', message: q.quantityNotNumber },
    ]);
    expect(res.json.cart.lines.map((line: { sku: string; quantity: number }) => [line.sku, line.quantity])).toEqual([
      ['QO-BRK-1042', 48],
    ]);

    // What is already in the cart counts toward the rules, and the quantities add up.
    const again = await api.as(customer).post('/api/cart/import', { text: 'sku,quantity\nQO-BRK-1042,12', format: 'csv' });
    expect(again.json.added).toEqual([{ sku: 'QO-BRK-1042', quantity: 12 }]);
    expect(again.json.cart.lines[0].quantity).toBe(60);
  });

  it('says how many are left, as the cart and the booking form say it, minding the cart, the minimum and the packs', async () => {
    const customer = await signedInCustomer(ctx);
    const few = await insertPart(db(), { sku: 'QO-STK-0006', stock: 6, min_order_quantity: 1 });
    const held = await insertPart(db(), { sku: 'QO-STK-0030', stock: 30 });
    await insertPart(db(), { sku: 'QO-STK-0004', stock: 4, min_order_quantity: 6 });
    await insertPart(db(), { sku: 'QO-STK-PACK', stock: 30, pack_size: 12 });
    expect((await api.as(customer).put(`/api/cart/lines/${held.id}`, { quantity: 24 })).status).toBe(200);

    const text = ['QO-STK-0006 48', 'QO-STK-0030 12', 'QO-STK-0004 6', 'QO-STK-PACK 36', 'QO-STK-0030 6'].join('\n');
    const res = await api.as(customer).post('/api/cart/import', { text });
    expect(res.status, res.body).toBe(200);
    expect(res.json.rejected.map(({ text, message }: { text: string; message: string }) => `${text}: ${message}`)).toEqual([
      "QO-STK-0006 48: You can't booking more then Available quantity. Only 6 left.",
      `QO-STK-0030 12: ${q.mergedRefused(2, 18, "You can't booking more then Available quantity. Only 30 left, and your cart already holds 24: add at most 6.")}`,
      // Fewer left than its minimum order: asking for 4 would be refused too.
      'QO-STK-0004 6: Only 4 left, fewer than the minimum order of 6: this part cannot be ordered until it is restocked.',
      // 30 left, but in packs of 12 only 24 of them can be ordered.
      "QO-STK-PACK 36: You can't booking more then Available quantity. Only 30 left: order at most 24, in packs of 12.",
      `QO-STK-0030 6: ${q.mergedRefused(2, 18, copy.pricing.overStockWithCart(30, 24, 6))}`,
    ]);
    expect(res.json.added).toEqual([]);

    // The cart's quantity and the booking form say the same of the same part.
    const line = await api.as(customer).put(`/api/cart/lines/${few.id}`, { quantity: 48 });
    expect(line.status).toBe(400);
    expect(line.json.errors).toEqual({ quantity: copy.pricing.overStock(6) });
    const booking = await api.as(customer).post('/api/orders', bookingBody(few.id, { quantity: 48 }));
    expect(booking.status).toBe(400);
    expect(booking.json.errors).toEqual({ quantity: copy.pricing.overStock(6) });
    // What it invites is taken.
    const taken = await api.as(customer).post('/api/cart/import', { text: 'QO-STK-0006 6\nQO-STK-0030 6' });
    expect(taken.json.added).toEqual([
      { sku: 'QO-STK-0006', quantity: 6 },
      { sku: 'QO-STK-0030', quantity: 6 },
    ]);
  });

  it('reads a spreadsheet’s CSV by the names of its columns, and answers its rows as written', async () => {
    const customer = await signedInCustomer(ctx);
    await insertPart(db(), { sku: 'QO-HDR-0001', stock: 500 });
    const text =
      '\uFEFFArtikelnummer;Bezeichnung;Menge;Preis\r\nQO-HDR-0001;"Beläge; vorn";24;48,90\r\nQO-HDR-NOPE;Filter;12;9,50\r\n';
    const res = await api.as(customer).post('/api/cart/import', { text, format: 'csv' });
    expect(res.status, res.body).toBe(200);
    expect(res.json.added).toEqual([{ sku: 'QO-HDR-0001', quantity: 24 }]);
    expect(res.json.rejected).toEqual([
      { line: 3, text: 'QO-HDR-NOPE;Filter;12;9,50', sku: 'QO-HDR-NOPE', message: q.unknownPart },
    ]);
  });

  it('answers a CSV file with blank lines by the lines as the file numbers them', async () => {
    const customer = await signedInCustomer(ctx);
    await insertPart(db(), { sku: 'QO-CSV-0001', stock: 500 });
    const text = 'sku,quantity\n\n\nQO-CSV-0001,lots\nQO-CSV-NOPE,12\n\nQO-CSV-0001,12\n';
    const res = await api.as(customer).post('/api/cart/import', { text, format: 'csv' });
    expect(res.status, res.body).toBe(200);
    expect(res.json.rejected).toEqual([
      { line: 4, text: 'QO-CSV-0001,lots', sku: 'QO-CSV-0001', message: q.quantityNotNumber },
      { line: 5, text: 'QO-CSV-NOPE,12', sku: 'QO-CSV-NOPE', message: q.unknownPart },
    ]);
    expect(res.json.added).toEqual([{ sku: 'QO-CSV-0001', quantity: 12 }]);
  });

  it('refuses a whole text it cannot read, under `text`, adding nothing', async () => {
    const customer = await signedInCustomer(ctx);
    await insertPart(db(), { sku: 'QO-WHOLE-1', stock: 500 });
    for (const [body, message] of [
      [{ text: 'QO-WHOLE-1,12', format: 'csv' }, q.csvHeader],
      [{ text: Array.from({ length: 501 }, () => 'QO-WHOLE-1 12').join('\n') }, q.tooManyLines(500, 501)],
      [{ text: 'QO-WHOLE-1 12\n\uFFFD' }, q.notUtf8],
    ] as const) {
      const res = await api.as(customer).post('/api/cart/import', body);
      expect(res.status).toBe(400);
      expect(res.json.errors).toEqual({ text: message });
    }
    expect((await api.as(customer).post('/api/cart/import', { text: 'x'.repeat(100_001) })).status).toBe(400);
    expect((await api.as(customer).post('/api/cart/import', { text: 'A 1', format: 'xlsx' })).status).toBe(400);
    expect((await api.as(customer).get('/api/cart')).json.lines).toEqual([]);
  });
});
