import { sql } from 'kysely';
import { beforeAll, expect, it, vi } from 'vitest';
import * as copy from '#shared/copy';
import { MAX_ORDER_LINES } from '#shared/schemas/orders';
import { signedInAdmin, signedInCustomer, type TestAccount } from '../../testing/accounts';
import { testApi } from '../../testing/api';
import { TEST_ADDRESS, TEST_PHONE } from '../../testing/booking';
import { insertPart } from '../../testing/factories';
import { payByCard, stockOf as stockOfPart } from '../../testing/orders';
import { describeOnEachEngine } from '../../testing/test-app';

const tiers = (rows: [number, number][]) =>
  JSON.stringify(rows.map(([minQuantity, unitPriceCents]) => ({ minQuantity, unitPriceCents })));

describeOnEachEngine('orders with many lines', (ctx) => {
  let admin: TestAccount;
  let customer: TestAccount;

  beforeAll(async () => {
    admin = await signedInAdmin(ctx);
    customer = await signedInCustomer(ctx);
  });

  const api = testApi(ctx);
  const db = () => ctx.database.db;
  const stockOf = (partId: string) => stockOfPart(db(), partId);
  const order = (lines: { partId: string; quantity: number }[], account = customer) =>
    api.as(account).post('/api/orders', { lines, phone: TEST_PHONE, address: TEST_ADDRESS });
  const ordersCount = async () =>
    Number(
      (
        await db()
          .selectFrom('orders')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('takes every line in one order, each priced by its tier, and answers the lines in the order given', async () => {
    const pads = await insertPart(db(), {
      name: 'Brake pads',
      sku: 'GH-BRK-1042',
      price_cents: 4890,
      stock: 500,
      price_tiers: tiers([
        [48, 4650],
        [96, 4400],
      ]),
    });
    const filter = await insertPart(db(), { name: 'Oil filter', price_cents: 980, stock: 300, pack_size: 12 });
    const plug = await insertPart(db(), { name: 'Drain plug', price_cents: 440, stock: 100 });

    const res = await order([
      { partId: pads.id, quantity: 60 },
      { partId: filter.id, quantity: 24 },
      { partId: plug.id, quantity: 12 },
    ]);
    expect(res.status, res.body).toBe(201);
    expect([await stockOf(pads.id), await stockOf(filter.id), await stockOf(plug.id)]).toEqual([440, 276, 88]);

    const placed = (await api.as(customer).get(`/api/orders/${res.json.id}`)).json;
    expect(placed.lines).toEqual([
      {
        id: `${res.json.id}:0`,
        partId: pads.id,
        sku: 'GH-BRK-1042',
        partName: 'Brake pads',
        imageUrl: pads.image_url,
        quantity: 60,
        unitPriceCents: 4650,
        lineTotalCents: 279_000,
        kind: 'part',
      },
      expect.objectContaining({ partId: filter.id, quantity: 24, unitPriceCents: 980, lineTotalCents: 23_520 }),
      expect.objectContaining({ partId: plug.id, quantity: 12, unitPriceCents: 440, lineTotalCents: 5_280 }),
    ]);
    // The order's own fields sum its lines and repeat the first.
    expect(placed).toMatchObject({
      partId: pads.id,
      partName: 'Brake pads',
      unitPriceCents: 4650,
      quantity: 96,
      totalCents: 279_000 + 23_520 + 5_280,
    });
    // Both order tables list it once, with its lines.
    const mine = (await api.as(customer).get('/api/me/orders')).json;
    expect(mine.items.filter((item: { id: string }) => item.id === res.json.id)).toHaveLength(1);
    expect(mine.items.find((item: { id: string }) => item.id === res.json.id).lines).toHaveLength(3);
    const all = (await api.as(admin).get('/api/orders')).json;
    expect(all.items.find((item: { id: string }) => item.id === res.json.id).lines).toHaveLength(3);
  });

  it('prices a one-part booking by its tier too', async () => {
    const pads = await insertPart(db(), { price_cents: 4890, stock: 500, price_tiers: tiers([[48, 4650]]) });
    const res = await api.as(customer).post('/api/orders', {
      partId: pads.id,
      quantity: 48,
      phone: TEST_PHONE,
      address: TEST_ADDRESS,
    });
    expect(res.status, res.body).toBe(201);
    const placed = (await api.as(customer).get(`/api/orders/${res.json.id}`)).json;
    expect(placed).toMatchObject({ unitPriceCents: 4650, totalCents: 48 * 4650, quantity: 48 });
    expect(placed.lines).toHaveLength(1);
  });

  it('refuses the whole order when any line breaks a rule, naming each refused line, and books nothing', async () => {
    const a = await insertPart(db(), { stock: 100 });
    const b = await insertPart(db(), { stock: 100, pack_size: 10, min_order_quantity: 10 });
    const c = await insertPart(db(), { stock: 20 });
    const before = await ordersCount();
    const res = await order([
      { partId: a.id, quantity: 12 },
      { partId: b.id, quantity: 15 },
      { partId: c.id, quantity: 24 },
    ]);
    expect(res.status).toBe(400);
    expect(res.json.errors).toEqual({
      'lines.1.quantity': copy.pricing.packsOf(10),
      'lines.2.quantity': copy.pricing.overStock(20),
    });
    expect(res.json.detail).toBe(copy.booking.lineRefused(2, copy.pricing.packsOf(10)));
    expect([await stockOf(a.id), await stockOf(b.id), await stockOf(c.id)]).toEqual([100, 100, 20]);
    expect(await ordersCount()).toBe(before);
  });

  it('refuses a line below the minimum order and a part no longer sold, under their lines', async () => {
    const a = await insertPart(db(), { stock: 100 });
    const archived = await insertPart(db(), { stock: 100, archived_at: '2026-01-01T00:00:00.000Z' });
    const res = await order([
      { partId: a.id, quantity: 6 },
      { partId: archived.id, quantity: 12 },
      { partId: 'no-such-part', quantity: 12 },
    ]);
    expect(res.status).toBe(400);
    expect(res.json.errors).toEqual({
      'lines.0.quantity': copy.validation.quantityTooLow(12),
      'lines.1.partId': copy.part.notFound,
      'lines.2.partId': copy.part.notFound,
    });
  });

  it('refuses duplicate lines, no lines, more than the limit, and a body with both shapes', async () => {
    const a = await insertPart(db(), { stock: 100 });
    const duplicate = await order([
      { partId: a.id, quantity: 12 },
      { partId: a.id, quantity: 24 },
    ]);
    expect(duplicate.status).toBe(400);
    expect(duplicate.json.errors).toEqual({ 'lines.1.partId': copy.booking.lineDuplicate(2, 1) });

    const empty = await order([]);
    expect(empty.status).toBe(400);
    expect(empty.json.errors).toEqual({ lines: copy.booking.linesEmpty });

    const tooMany = await order(Array.from({ length: MAX_ORDER_LINES + 1 }, (_, i) => ({ partId: `part-${i}`, quantity: 12 })));
    expect(tooMany.status).toBe(400);
    expect(tooMany.json.errors).toEqual({ lines: copy.booking.tooManyLines(MAX_ORDER_LINES) });

    const both = await api.as(customer).post('/api/orders', {
      partId: a.id,
      quantity: 12,
      lines: [{ partId: a.id, quantity: 12 }],
      phone: TEST_PHONE,
      address: TEST_ADDRESS,
    });
    expect(both.status).toBe(400);
    expect(both.json.errors).toEqual({ lines: copy.booking.partOrLines });

    const priced = await order([{ partId: a.id, quantity: 12, unitPriceCents: 1 } as never]);
    expect(priced.status).toBe(400);
    expect(await stockOf(a.id)).toBe(100);
  });

  it('answers a line whose stock is gone under its quantity, and takes none of the others', async () => {
    const a = await insertPart(db(), { stock: 100 });
    const b = await insertPart(db(), { stock: 12 });
    const first = await order([{ partId: b.id, quantity: 12 }]);
    expect(first.status).toBe(201);
    const res = await order([
      { partId: a.id, quantity: 12 },
      { partId: b.id, quantity: 12 },
    ]);
    expect(res.status).toBe(400);
    expect(res.json.errors).toEqual({ 'lines.1.quantity': copy.pricing.cannotOrderNow(0, 12) });
    expect(await stockOf(a.id)).toBe(100);
  });

  it('gives every line back to stock when the order is cancelled, and lists it cancelled once', async () => {
    const a = await insertPart(db(), { stock: 100 });
    const b = await insertPart(db(), { stock: 50 });
    const res = await order([
      { partId: a.id, quantity: 12 },
      { partId: b.id, quantity: 24 },
    ]);
    expect([await stockOf(a.id), await stockOf(b.id)]).toEqual([88, 26]);
    const cancelled = await api.as(customer).delete(`/api/orders/${res.json.id}`);
    expect(cancelled.status, cancelled.body).toBe(200);
    expect(cancelled.json.lines).toHaveLength(2);
    expect([await stockOf(a.id), await stockOf(b.id)]).toEqual([100, 50]);
  });

  it('gives every line back when an unpaid order expires', async () => {
    const a = await insertPart(db(), { stock: 100 });
    const b = await insertPart(db(), { stock: 50 });
    await order([
      { partId: a.id, quantity: 12 },
      { partId: b.id, quantity: 24 },
    ]);
    ctx.clock.advance(49 * 3_600_000);
    expect(await ctx.app.orderExpiry.sweep()).toBeGreaterThanOrEqual(1);
    expect([await stockOf(a.id), await stockOf(b.id)]).toEqual([100, 50]);
  });

  it("removing a part cancels the unpaid orders it is on and gives their other lines' stock back", async () => {
    const kept = await insertPart(db(), { stock: 100 });
    const removed = await insertPart(db(), { stock: 100 });
    const res = await order([
      { partId: kept.id, quantity: 12 },
      { partId: removed.id, quantity: 12 },
    ]);
    expect(res.status).toBe(201);
    const gone = await api.as(admin).delete(`/api/parts/${removed.id}?cancelUnpaidOrders=true`);
    expect(gone.status, gone.body).toBe(204);
    expect(await stockOf(kept.id)).toBe(100);
    expect((await api.as(customer).get(`/api/orders/${res.json.id}`)).json.status).toBe('cancelled');
  });

  it('is paid once for its total, counts every line among the best sellers, and mails every line', async () => {
    const a = await insertPart(db(), { name: 'Line one part', stock: 1000, price_cents: 1000 });
    const b = await insertPart(db(), { name: 'Line two part', stock: 1000, price_cents: 500 });
    const res = await order([
      { partId: a.id, quantity: 12 },
      { partId: b.id, quantity: 36 },
    ]);
    const paid = await payByCard(ctx, customer, res.json.id);
    expect(paid.status, paid.body).toBe(200);
    const intent = await db()
      .selectFrom('payment_intents')
      .select('amount_cents')
      .where('order_id', '=', res.json.id)
      .executeTakeFirstOrThrow();
    expect(Number(intent.amount_cents)).toBe(12 * 1000 + 36 * 500);
    // units_sold is kept by triggers (migrations 0006 and 0010) and read by the best sellers.
    const sold = await db()
      .selectFrom('parts')
      .select(['id', sql<number>`units_sold`.as('units')])
      .where('id', 'in', [a.id, b.id])
      .execute();
    expect(Object.fromEntries(sold.map((row) => [row.id, Number(row.units)]))).toEqual({ [a.id]: 12, [b.id]: 36 });
    const paidSubject = copy.mail.paidSubject(copy.mail.orderName('Line one part', 1));
    const mail = await vi.waitFor(() => {
      const found = ctx.mailer.messages.find((message) => message.to === customer.email && message.subject === paidSubject);
      if (!found) throw new Error('the paid mail has not been sent yet');
      return found;
    });
    expect(mail.text).toContain(copy.mail.orderLineOfMany(36, 'Line two part', '$180.00'));
    expect(mail.text).toContain(copy.mail.orderTotal(2, 48, '$300.00'));
  });

  it(
    'never oversells or half-books: 40 customers ordering the same three parts against stock for 20 make 20 orders',
    { timeout: 60_000 },
    async () => {
      const parts = [
        await insertPart(db(), { stock: 240 }),
        await insertPart(db(), { stock: 480, min_order_quantity: 24 }),
        await insertPart(db(), { stock: 360, pack_size: 6 }),
      ];
      const quantities = [12, 24, 18];
      const customers = await Promise.all(Array.from({ length: 40 }, () => signedInCustomer(ctx)));
      const answers = await Promise.all(
        customers.map((account) =>
          order(
            parts.map((part, i) => ({ partId: part.id, quantity: quantities[i]! })),
            account,
          ),
        ),
      );
      const codes = answers.map((res) => res.status);
      expect(codes.filter((code) => code === 201)).toHaveLength(20);
      expect(codes.filter((code) => code !== 201).every((code) => code === 409 || code === 400)).toBe(true);
      expect(await Promise.all(parts.map((part) => stockOf(part.id)))).toEqual([0, 0, 0]);
      // Every order holds all three lines.
      const lineCounts = await db()
        .selectFrom('order_lines')
        .select((eb) => ['order_id', eb.fn.countAll<number>().as('n')])
        .where(
          'part_id',
          'in',
          parts.map((part) => part.id),
        )
        .groupBy('order_id')
        .execute();
      expect(lineCounts).toHaveLength(20);
      expect(lineCounts.every((row) => Number(row.n) === 3)).toBe(true);
    },
  );
});
