import { beforeAll, expect, it } from 'vitest';
import * as copy from '#shared/copy';
import { signedInAdmin, signedInCustomer, type TestAccount } from '../../testing/accounts';
import { testApi } from '../../testing/api';
import { insertCompany } from '../../testing/companies';
import { insertOrder, insertPart } from '../../testing/factories';
import { describeOnEachEngine } from '../../testing/test-app';
import { newId } from '../../ids';
import { orderCsvLine } from './orders-csv';
import { exportBatch } from './orders.repository';
import { EXPORT_BATCH_SIZE } from './orders.service';

const m = copy.manageOrders;
const BOM = '\uFEFF';
/** An order's number as the shop shows it: the first 18 characters of its id, in capitals. */
const numberOf = (id: string) => id.slice(0, 18).toUpperCase();
const HEADER = m.csvColumns.join(',');

/** RFC 4180 records: quoted cells may hold commas, doubled quotes and line breaks. */
function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      record.push(cell);
      cell = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      record.push(cell);
      records.push(record);
      record = [];
      cell = '';
      i++;
    } else cell += c;
  }
  return records;
}

describeOnEachEngine('orders CSV export API', (ctx) => {
  let admin: TestAccount;
  let customer: TestAccount;
  const api = testApi(ctx);

  beforeAll(async () => {
    admin = await signedInAdmin(ctx);
    customer = await signedInCustomer(ctx);
  });

  const exported = async (query: string) => {
    const res = await api.as(admin).get(`/api/orders.csv${query}`);
    expect(res.status, res.body).toBe(200);
    expect(res.body.startsWith(BOM)).toBe(true);
    const records = parseCsv(res.body.slice(BOM.length));
    expect(records[0]).toEqual([...m.csvColumns]);
    return { res, rows: records.slice(1) };
  };
  const idsOf = (rows: string[][]) => rows.map((row) => row[0]);

  it('answers a visitor 401 and a customer 403', async () => {
    expect((await api.anonymous.get('/api/orders.csv')).status).toBe(401);
    expect((await api.as(customer).get('/api/orders.csv')).status).toBe(403);
  });

  it('sends a CSV attachment named for today: a BOM, the header, then one record per order, newest first, with its lines', async () => {
    const brakes = await insertPart(ctx.database.db, { sku: 'GH-BRK-1042' });
    const filters = await insertPart(ctx.database.db, { sku: 'GH-FLT-0007' });
    const older = await insertOrder(ctx.database.db, {
      part_id: filters.id,
      quantity: 12,
      total_cents: 5000,
      // Placed before tax and delivery were charged: its total was its goods.
      goods_cents: null,
      status: 'pending_payment',
      customer_name: 'Zoë Brandão',
      customer_email: 'zoe@example.com',
      created_at: '2020-03-02T08:00:00.000Z',
    });
    const multi = await insertOrder(ctx.database.db, {
      part_id: brakes.id,
      quantity: 24,
      total_cents: 123450,
      goods_cents: 112_500,
      delivery_cents: 990,
      tax_cents: 9_960,
      delivery_address: JSON.stringify({ line1: '1 Main St', city: 'Detroit', region: 'MI', postalCode: '48207', country: 'US' }),
      status: 'paid',
      paid_at: '2020-03-05T10:30:00.000Z',
      transaction_id: 'txn_42',
      invoice_number: 'INV-2020-000007',
      customer_name: 'Ada Shop',
      customer_email: 'ada@example.com',
      created_at: '2020-03-05T10:00:00.000Z',
    });
    await ctx.database.db
      .insertInto('order_lines')
      .values({
        order_id: multi.id,
        position: 1,
        part_id: filters.id,
        sku: 'GH-FLT-0007',
        part_name: 'Oil filter',
        image_url: multi.line.image_url,
        unit_price_cents: 450,
        quantity: 12,
        line_total_cents: 5400,
      })
      .execute();
    const cancelled = await insertOrder(ctx.database.db, {
      part_id: brakes.id,
      quantity: 1,
      total_cents: 7,
      goods_cents: 7,
      status: 'cancelled',
      cancel_reason: 'expired',
      created_at: '2020-03-07T23:00:00.000Z',
    });

    const { res } = await exported('?from=2020-03-01&to=2020-03-31');
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="orders-2026-06-15.csv"');
    const line = (cells: string[]) => cells.join(',');
    expect(res.body).toBe(
      BOM +
        [
          HEADER,
          line([
            cancelled.id,
            '2020-03-07T23:00:00.000Z',
            '',
            'cancelled',
            'expired',
            cancelled.customer_name,
            cancelled.customer_email,
            "'+1 555-010-2030",
            '"12 Piston Road, Gearville"',
            'GH-BRK-1042 × 1',
            '1',
            '0.07',
            '',
            numberOf(cancelled.id),
            '',
            '',
            '0.07',
            '0.00',
            '0.00',
            '',
            '',
            '',
            'card',
            '',
          ]),
          line([
            multi.id,
            '2020-03-05T10:00:00.000Z',
            '2020-03-05T10:30:00.000Z',
            'paid',
            '',
            'Ada Shop',
            'ada@example.com',
            "'+1 555-010-2030",
            '"12 Piston Road, Gearville"',
            'GH-BRK-1042 × 24; GH-FLT-0007 × 12',
            '36',
            '1234.50',
            'txn_42',
            numberOf(multi.id),
            'INV-2020-000007',
            '2020-03-05',
            '1125.00',
            '9.90',
            '99.60',
            'US',
            '',
            '',
            'card',
            '',
          ]),
          line([
            older.id,
            '2020-03-02T08:00:00.000Z',
            '',
            'pending_payment',
            '',
            'Zoë Brandão',
            'zoe@example.com',
            "'+1 555-010-2030",
            '"12 Piston Road, Gearville"',
            'GH-FLT-0007 × 12',
            '12',
            '50.00',
            '',
            numberOf(older.id),
            '',
            '',
            '50.00',
            '0.00',
            '0.00',
            '',
            '',
            '',
            'card',
            '',
          ]),
        ].join('\r\n') +
        '\r\n',
    );
  });

  it('ends each record with the order’s number, its invoice number and the day it was paid, to match payments to invoices', async () => {
    const part = await insertPart(ctx.database.db);
    const paid = await insertOrder(ctx.database.db, {
      part_id: part.id,
      status: 'shipped',
      created_at: '2019-07-30T22:00:00.000Z',
      paid_at: '2019-07-31T23:59:59.999Z',
      transaction_id: 'txn_7',
      invoice_number: 'INV-2019-000128',
    });
    const unpaid = await insertOrder(ctx.database.db, {
      part_id: part.id,
      status: 'pending_payment',
      created_at: '2019-07-30T21:00:00.000Z',
    });
    const { rows } = await exported('?from=2019-07-30&to=2019-07-30');
    const columns: string[] = [...m.csvColumns];
    const at = (name: string) => columns.indexOf(name);
    expect(columns.slice(13, 16)).toEqual(['Order number', 'Invoice number', 'Paid date']);
    expect(rows.map((row) => [row[0], row[at('Order number')], row[at('Invoice number')], row[at('Paid date')]])).toEqual([
      [paid.id, numberOf(paid.id), 'INV-2019-000128', '2019-07-31'],
      [unpaid.id, numberOf(unpaid.id), '', ''],
    ]);
    // The columns before them stay where they were.
    expect(rows[0]![at('Paid at')]).toBe('2019-07-31T23:59:59.999Z');
    expect(rows[0]![at('Transaction ID')]).toBe('txn_7');
    expect(at('Transaction ID')).toBe(12);
  });

  it('ends each record with goods, delivery and tax, which add up to the total, and the delivery country', async () => {
    const part = await insertPart(ctx.database.db);
    const taxed = await insertOrder(ctx.database.db, {
      part_id: part.id,
      unit_price_cents: 450,
      quantity: 12,
      goods_cents: 5_400,
      delivery_cents: 990,
      tax_cents: 383,
      total_cents: 6_773,
      delivery_address: JSON.stringify({
        line1: '8 Elm St',
        city: 'Ann Arbor',
        region: 'MI',
        postalCode: '48104',
        country: 'US',
      }),
      created_at: '2019-08-02T10:00:00.000Z',
    });
    const old = await insertOrder(ctx.database.db, {
      part_id: part.id,
      goods_cents: null,
      total_cents: 12_000,
      created_at: '2019-08-01T10:00:00.000Z',
    });
    const { rows } = await exported('?from=2019-08-01&to=2019-08-02');
    const columns: string[] = [...m.csvColumns];
    expect(columns.slice(16, 20)).toEqual(['Goods', 'Delivery', 'Tax', 'Delivery country']);
    const figures = (row: string[]) => [row[0], row[columns.indexOf('Total')], ...row.slice(16, 20)];
    expect(rows.map(figures)).toEqual([
      [taxed.id, '67.73', '54.00', '9.90', '3.83', 'US'],
      [old.id, '120.00', '120.00', '0.00', '0.00', ''],
    ]);
  });

  it("ends each record with a trade order's company, purchase-order number, payment method and due date", async () => {
    const part = await insertPart(ctx.database.db);
    // Typed by people: a comma calls for quotes, a leading "=" for the formula guard.
    const company = await insertCompany(ctx.database.db, { name: 'Ridge Fleet, Inc.', status: 'active' });
    const onAccount = await insertOrder(ctx.database.db, {
      part_id: part.id,
      company_id: company.id,
      po_number: '=PO-2291',
      payment_method: 'account',
      status: 'confirmed',
      invoice_number: 'INV-2022-000031',
      due_date: '2022-03-04',
      created_at: '2022-02-02T09:00:00.000Z',
    });
    const byCard = await insertOrder(ctx.database.db, { part_id: part.id, created_at: '2022-02-01T09:00:00.000Z' });
    const { res, rows } = await exported('?from=2022-02-01&to=2022-02-02');
    const columns: string[] = [...m.csvColumns];
    expect(columns.slice(20)).toEqual(['Company', 'Purchase order', 'Payment method', 'Due date']);
    expect(rows.map((row) => [row[0], ...row.slice(20)])).toEqual([
      [onAccount.id, 'Ridge Fleet, Inc.', "'=PO-2291", 'account', '2022-03-04'],
      [byCard.id, '', '', 'card', ''],
    ]);
    expect(res.body).toContain(`,"Ridge Fleet, Inc.",'=PO-2291,account,2022-03-04\r\n`);
  });

  it('filters by status and by booking days, both bounds inclusive (UTC)', async () => {
    const part = await insertPart(ctx.database.db);
    const at = async (created_at: string, status: 'paid' | 'shipped' = 'paid') =>
      (await insertOrder(ctx.database.db, { part_id: part.id, created_at, status })).id;
    const before = await at('2021-04-30T23:59:59.999Z');
    const first = await at('2021-05-01T00:00:00.000Z');
    const shipped = await at('2021-05-02T12:00:00.000Z', 'shipped');
    const last = await at('2021-05-03T23:59:59.999Z');
    const after = await at('2021-05-04T00:00:00.000Z');

    expect(idsOf((await exported('?from=2021-05-01&to=2021-05-03')).rows)).toEqual([last, shipped, first]);
    expect(idsOf((await exported('?from=2021-05-01&to=2021-05-03&status=paid')).rows)).toEqual([last, first]);
    expect(idsOf((await exported('?status=shipped&from=2021-04-01&to=2021-05-31')).rows)).toEqual([shipped]);
    expect(idsOf((await exported('?from=2021-05-04&to=2021-05-31')).rows)).toEqual([after]);
    expect(idsOf((await exported('?from=2021-04-01&to=2021-04-30')).rows)).toEqual([before]);
    // Empty values, as a form sends them, are no filter; only `to` or only `from` bound one side.
    expect(idsOf((await exported('?status=&from=&to=2021-04-30')).rows)).toContain(before);
    expect(idsOf((await exported('?status=&from=&to=2021-04-30')).rows)).not.toContain(first);
    // The last day there is bounds the export like any other, and a range may end in it.
    expect(idsOf((await exported('?to=9999-12-31')).rows)).toContain(after);
    expect((await exported('?from=9999-01-01&to=9999-12-31')).rows).toEqual([]);
    expect(idsOf((await exported('?from=2021-05-04')).rows)).toContain(after);
    expect(idsOf((await exported('?from=2021-05-04')).rows)).not.toContain(last);
  });

  it.each([
    ['an unknown status', '?status=lost', 'status', m.statusInvalid],
    ['a day that does not exist', '?from=2021-02-29', 'from', m.exportDateInvalid],
    ['a date in another format', '?to=03/05/2021', 'to', m.exportDateInvalid],
    ['a month 13', '?to=2021-13-01', 'to', m.exportDateInvalid],
    ['from after to', '?from=2021-05-02&to=2021-05-01', 'to', m.exportRangeReversed],
    ['a range longer than two years', '?from=2021-05-01&to=2023-05-01', 'to', m.exportRangeTooLong],
  ])('refuses %s with 400 naming the field', async (_case, query, field, message) => {
    const res = await api.as(admin).get(`/api/orders.csv${query}`);
    expect(res.status).toBe(400);
    expect(res.headers['content-type']).toContain('application/problem+json');
    expect(res.json.errors).toEqual({ [field]: message });
  });

  it('takes a range of exactly two years, to the day before', async () => {
    await exported('?from=2021-05-01&to=2023-04-30');
  });

  it('quotes commas, quotes and line breaks, and guards cells a spreadsheet would run as formulas', async () => {
    const part = await insertPart(ctx.database.db);
    const order = await insertOrder(ctx.database.db, {
      part_id: part.id,
      created_at: '2018-01-01T00:00:00.000Z',
      customer_name: '=HYPERLINK("http://evil.example","Click")',
      customer_email: '@SUM(A1)',
      phone: '-2+3',
      address: 'Unit 4, "The Yard"\nLine two',
      transaction_id: '\tcmd',
    });
    const { res, rows } = await exported('?from=2018-01-01&to=2018-01-01');
    expect(rows).toHaveLength(1);
    expect(rows[0]![0]).toBe(order.id);
    expect(rows[0]!.slice(5, 9)).toEqual([
      `'=HYPERLINK("http://evil.example","Click")`,
      "'@SUM(A1)",
      "'-2+3",
      'Unit 4, "The Yard"\nLine two',
    ]);
    expect(rows[0]![12]).toBe("'\tcmd");
    expect(res.body).toContain(`"'=HYPERLINK(""http://evil.example"",""Click"")"`);
    expect(res.body).toContain('"Unit 4, ""The Yard""\nLine two"');
  });

  it('writes, on each engine, the record orderCsvLine makes of the order’s row, whatever people typed into it', async () => {
    // Every character csvCell treats apart, first and inside, in every cell a person types.
    const typed = [
      '=1+1',
      '+49 30 1234567',
      '-5',
      '@me',
      '\tTabbed',
      '\rReturned',
      'a,b',
      'say "hi"',
      '"',
      'one\ntwo',
      'one\r\ntwo',
      "'already quoted",
      'Zoë Brandão – Straße 5 ✓',
      '',
      ' leading space',
    ];
    const risky = await insertPart(ctx.database.db, { sku: '=GH-EVIL,"1"' });
    const companies = [];
    for (const [i, value] of typed.entries())
      if (i % 3 === 1) companies[i] = await insertCompany(ctx.database.db, { name: value });
    for (const [i, value] of typed.entries()) {
      await insertOrder(ctx.database.db, {
        company_id: companies[i]?.id ?? null,
        po_number: i % 2 === 1 ? value.slice(0, 35) : null,
        payment_method: i % 3 === 1 ? 'account' : 'card',
        due_date: i % 3 === 1 ? '2016-02-29' : null,
        part_id: risky.id,
        created_at: new Date(Date.UTC(2016, 0, 1) + i * 60_000).toISOString(),
        customer_name: value,
        customer_email: `${value}@example.com`,
        phone: value,
        address: value,
        transaction_id: i % 2 === 0 ? value : null,
        status: i % 3 === 0 ? 'cancelled' : 'paid',
        cancel_reason: i % 3 === 0 ? 'admin' : null,
        paid_at: i % 3 === 0 ? null : '2016-02-01T00:00:00.000Z',
        invoice_number: i % 3 === 0 ? null : `INV-2016-${String(i).padStart(6, '0')}`,
        total_cents: i * 1001,
        // Old orders (no goods, no address) beside new ones, and a country csvCell would guard.
        goods_cents: i % 4 === 0 ? null : i * 901,
        delivery_cents: i % 2 === 0 ? 0 : 990,
        tax_cents: i * 37,
        delivery_address:
          i % 4 === 0
            ? null
            : JSON.stringify({ line1: value, city: value, postalCode: '1', country: i === 5 ? '=1' : ['US', 'DE', 'FR'][i % 3] }),
      });
    }
    const rows = await exportBatch(ctx.database.db, {
      bookedFrom: '2016-01-01T00:00:00.000Z',
      bookedUntil: '2016-01-01T23:59:59.999Z',
      limit: typed.length + 1,
    });
    expect(rows).toHaveLength(typed.length);
    const { res } = await exported('?from=2016-01-01&to=2016-01-01');
    expect(res.body).toBe(BOM + HEADER + '\r\n' + rows.map(orderCsvLine).join(''));
  });

  it('exports two and a half batches of orders, complete, newest first and each once', async () => {
    const part = await insertPart(ctx.database.db);
    const count = EXPORT_BATCH_SIZE * 2 + 500;
    const ids: { id: string; created_at: string }[] = [];
    // Two orders share each booking time, so batches also break between orders booked at the same instant.
    for (let i = 0; i < count; i++) {
      ids.push({ id: newId(), created_at: new Date(Date.UTC(2017, 0, 1) + Math.floor(i / 2) * 60_000).toISOString() });
    }
    for (let start = 0; start < count; start += 100) {
      const chunk = ids.slice(start, start + 100);
      await ctx.database.db
        .insertInto('orders')
        .values(
          chunk.map(({ id, created_at }) => ({
            id,
            user_id: null,
            total_cents: 100,
            customer_name: 'Bulk customer',
            customer_email: 'bulk@example.com',
            phone: '+1 555-010-2030',
            address: '1 Bulk Road',
            status: 'paid' as const,
            cancel_reason: null,
            transaction_id: null,
            paid_at: null,
            idempotency_key: null,
            created_at,
            updated_at: created_at,
          })),
        )
        .execute();
      await ctx.database.db
        .insertInto('order_lines')
        .values(
          chunk.map(({ id }) => ({
            order_id: id,
            position: 0,
            part_id: part.id,
            sku: part.sku,
            part_name: 'Bulk part',
            image_url: part.image_url,
            unit_price_cents: 100,
            quantity: 1,
            line_total_cents: 100,
          })),
        )
        .execute();
    }
    const { rows } = await exported('?from=2017-01-01&to=2017-01-31');
    const expected = [...ids]
      .sort((a, b) => (a.created_at === b.created_at ? (a.id < b.id ? 1 : -1) : a.created_at < b.created_at ? 1 : -1))
      .map((row) => row.id);
    expect(rows).toHaveLength(count);
    expect(new Set(idsOf(rows)).size).toBe(count);
    expect(idsOf(rows)).toEqual(expected);
    expect(rows.every((row) => row[9] === `${part.sku} × 1`)).toBe(true);
  });
});
