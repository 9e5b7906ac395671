import { sql } from 'kysely';
import { afterEach, beforeAll, expect, it } from 'vitest';
import * as copy from '#shared/copy';
import { signedInAdmin, signedInCustomer, type TestAccount } from '../../testing/accounts';
import { testApi } from '../../testing/api';
import { insertPart } from '../../testing/factories';
import { placedOrder, stockOf } from '../../testing/orders';
import { describeOnEachEngine, TEST_NOW } from '../../testing/test-app';
import { LOW_STOCK_MAIL_COOLDOWN_MS } from './low-stock';
import { lowStockPartsQuery } from './parts.repository';

// The admins' low-stock mail (docs/shop-rules.md, "Low stock"): one per crossing of the line (the
// part's own threshold, else twice the minimum order), written with the order that crosses it; armed
// again only by an admin's restock, and never more than one a day about a part; on both engines.
describeOnEachEngine('low-stock mails to the admins', (ctx) => {
  let admins: TestAccount[];
  let customer: TestAccount;
  let admin: TestAccount;
  const api = testApi(ctx);

  beforeAll(async () => {
    admins = [await signedInAdmin(ctx), await signedInAdmin(ctx)];
    admin = admins[0]!;
    customer = await signedInCustomer(ctx);
  });
  afterEach(() => ctx.clock.set(TEST_NOW));

  const adminCount = async () =>
    (await ctx.database.db.selectFrom('users').select('id').where('role', '=', 'admin').execute()).length;
  const cancel = async (orderId: string) => {
    const res = await api.as(customer).delete(`/api/orders/${orderId}`);
    expect(res.status, res.body).toBe(200);
  };
  const restock = async (partId: string, stock: number) => {
    const res = await api.as(admin).patch(`/api/parts/${partId}`, { stock });
    expect(res.status, res.body).toBe(200);
  };

  /** The low-stock mails about this part, per admin address. */
  const lowStockMails = async (sku: string) => {
    const rows = await ctx.database.db
      .selectFrom('mail_outbox')
      .select(['recipient', 'subject', 'text'])
      .where('kind', '=', 'low-stock')
      .where('subject', 'like', `%(${sku})%`)
      .execute();
    return rows;
  };

  it('mails every admin once when an order takes the stock under twice the minimum, and not again while it stays under', async () => {
    const part = await insertPart(ctx.database.db, { name: 'Low pads', sku: 'LOW-PADS', stock: 36, min_order_quantity: 12 });
    // 36 → 24: at the line, not under it.
    await placedOrder(ctx, customer, part.id);
    expect(await lowStockMails('LOW-PADS')).toEqual([]);
    // 24 → 12: under it — one mail to each admin.
    const crossing = await placedOrder(ctx, customer, part.id);
    const first = await lowStockMails('LOW-PADS');
    expect(first.map((mail) => mail.recipient).sort()).toEqual(expect.arrayContaining(admins.map((admin) => admin.email).sort()));
    expect(first).toHaveLength(
      (await ctx.database.db.selectFrom('users').select('id').where('role', '=', 'admin').execute()).length,
    );
    expect(first[0]?.subject).toBe(copy.mail.lowStockSubject('Low pads', 'LOW-PADS'));
    expect(first[0]?.text).toContain(copy.mail.lowStockIntro('Low pads', 'LOW-PADS', 12, 24));
    // 12 → 0: still under it, no new mail.
    await placedOrder(ctx, customer, part.id);
    expect(await lowStockMails('LOW-PADS')).toHaveLength(first.length);
    // The crossing order cancelled (0 → 12): still under it, no mail either way.
    await cancel(crossing.id);
    expect(await lowStockMails('LOW-PADS')).toHaveLength(first.length);
  });

  it('mails once for a loop of booking and cancelling across the line', async () => {
    const part = await insertPart(ctx.database.db, { name: 'Loop pads', sku: 'LOOP-PADS', stock: 30, min_order_quantity: 12 });
    // 30 → 18 crosses the line of 24; the cancel gives it back to 30; ten times over.
    for (let turn = 0; turn < 10; turn += 1) {
      const order = await placedOrder(ctx, customer, part.id);
      await cancel(order.id);
      ctx.clock.advance(80);
    }
    expect(await stockOf(ctx.database.db, part.id)).toBe(30);
    expect(await lowStockMails('LOOP-PADS')).toHaveLength(await adminCount());
  });

  it('is not armed again by the stock of an expired order', async () => {
    const part = await insertPart(ctx.database.db, { name: 'Lapse pads', sku: 'LAPSE-PADS', stock: 30, min_order_quantity: 12 });
    await placedOrder(ctx, customer, part.id);
    // Past the time to pay (and past the day between two mails): the sweep gives the 12 back.
    ctx.clock.advance(Math.max(ctx.config.orderPaymentWindowHours * 3_600_000, LOW_STOCK_MAIL_COOLDOWN_MS) + 60_000);
    expect(await ctx.app.orderExpiry.sweep()).toBeGreaterThanOrEqual(1);
    expect(await stockOf(ctx.database.db, part.id)).toBe(30);
    await placedOrder(ctx, customer, part.id);
    expect(await lowStockMails('LAPSE-PADS')).toHaveLength(await adminCount());
  });

  it("is armed again by an admin's restock over the line, at most one mail a day", async () => {
    const part = await insertPart(ctx.database.db, {
      name: 'Stocked pads',
      sku: 'STOCKED-PADS',
      stock: 30,
      min_order_quantity: 12,
    });
    const perCrossing = await adminCount();
    await placedOrder(ctx, customer, part.id); // 30 → 18: the first mail
    expect(await lowStockMails('STOCKED-PADS')).toHaveLength(perCrossing);

    // Restocked over the line: armed, but a crossing within the day since the last mail sends nothing.
    await restock(part.id, 30);
    ctx.clock.advance(LOW_STOCK_MAIL_COOLDOWN_MS - 60_000);
    const early = await placedOrder(ctx, customer, part.id); // 30 → 18
    expect(await lowStockMails('STOCKED-PADS')).toHaveLength(perCrossing);
    await cancel(early.id); // 18 → 30: the restock's arming still holds
    ctx.clock.advance(60_000);
    const crossing = await placedOrder(ctx, customer, part.id); // 30 → 18, a day after the first mail
    const mails = await lowStockMails('STOCKED-PADS');
    expect(mails).toHaveLength(2 * perCrossing);
    expect(mails.at(-1)?.text).toContain(copy.mail.lowStockIntro('Stocked pads', 'STOCKED-PADS', 18, 24));

    // A restock that leaves the part under the line arms nothing: a cancel then takes it over, and
    // the next crossing, days later, sends nothing.
    await restock(part.id, 20);
    await cancel(crossing.id); // 20 → 32
    ctx.clock.advance(2 * LOW_STOCK_MAIL_COOLDOWN_MS);
    await placedOrder(ctx, customer, part.id); // 32 → 20
    expect(await lowStockMails('STOCKED-PADS')).toHaveLength(2 * perCrossing);
  });

  it('mails once when two orders race for the last units over the line', async () => {
    const part = await insertPart(ctx.database.db, { name: 'Race discs', sku: 'RACE-DISCS', stock: 30, min_order_quantity: 12 });
    const other = await signedInCustomer(ctx);
    // 30 → 18 → 6 (either order crosses 24 first; the second is under it already).
    const results = await Promise.all([
      api
        .as(customer)
        .post('/api/orders', { partId: part.id, quantity: 12, phone: '+1 555-010-2030', address: '12 Piston Road' }),
      api.as(other).post('/api/orders', { partId: part.id, quantity: 12, phone: '+1 555-010-2030', address: '12 Piston Road' }),
    ]);
    expect(results.map((res) => res.status)).toEqual([201, 201]);
    const admins = await ctx.database.db.selectFrom('users').select('id').where('role', '=', 'admin').execute();
    expect(await lowStockMails('RACE-DISCS')).toHaveLength(admins.length);
  });

  it("crosses the part's own threshold instead of twice its minimum; 0 never mails", async () => {
    const part = await insertPart(ctx.database.db, {
      name: 'Own line',
      sku: 'OWN-LINE',
      stock: 100,
      min_order_quantity: 12,
      low_stock_threshold: 80,
    });
    // 100 → 88: over 80. 88 → 76: under it, though far over twice the minimum (24).
    await placedOrder(ctx, customer, part.id);
    expect(await lowStockMails('OWN-LINE')).toEqual([]);
    await placedOrder(ctx, customer, part.id);
    const mails = await lowStockMails('OWN-LINE');
    expect(mails.length).toBeGreaterThan(0);
    expect(mails[0]?.text).toContain(copy.mail.lowStockIntro('Own line', 'OWN-LINE', 76, 80));

    const never = await insertPart(ctx.database.db, {
      sku: 'NEVER-LOW',
      stock: 24,
      min_order_quantity: 12,
      low_stock_threshold: 0,
    });
    await placedOrder(ctx, customer, never.id);
    await placedOrder(ctx, customer, never.id);
    expect(await lowStockMails('NEVER-LOW')).toEqual([]);
  });

  it("reads the overview's low parts in stock order from the table of just those", async () => {
    const { sql: text, parameters } = lowStockPartsQuery(ctx.database.db, 10).compile();
    const plan =
      ctx.database.dialect === 'sqlite'
        ? await sql.raw(`explain query plan ${inline(text, parameters)}`).execute(ctx.database.db)
        : // A handful of rows: without the sequential scan the planner shows which index it can use.
          await ctx.database.db.transaction().execute(async (trx) => {
            await sql`set local enable_seqscan = off`.execute(trx);
            return sql.raw(`explain ${inline(text, parameters)}`).execute(trx);
          });
    expect(JSON.stringify(plan.rows)).toContain('low_stock_parts_stock_idx');
  });

  it('writes no mail for an order that leaves the stock over the line', async () => {
    const part = await insertPart(ctx.database.db, { name: 'Plenty filters', sku: 'PLENTY', stock: 500, min_order_quantity: 12 });
    await placedOrder(ctx, customer, part.id);
    expect(await lowStockMails('PLENTY')).toEqual([]);
  });
});

/** The query with its parameters written in (numbers only here), as EXPLAIN takes it. */
function inline(text: string, parameters: readonly unknown[]): string {
  let next = 0;
  return text.replace(/\$(\d+)|\?/g, (_match, index: string | undefined) =>
    String(index === undefined ? parameters[next++] : parameters[Number(index) - 1]),
  );
}
