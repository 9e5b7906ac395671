import { sql } from 'kysely';
import { beforeAll, expect, it } from 'vitest';
import * as copy from '#shared/copy';
import { signedInAdmin, signedInCustomer, type TestAccount } from '../../testing/accounts';
import { testApi } from '../../testing/api';
import { insertPart } from '../../testing/factories';
import { placedOrder } from '../../testing/orders';
import { describeOnEachEngine } from '../../testing/test-app';
import { lowStockPartsQuery } from './parts.repository';

// The admins' low-stock mail (docs/shop-rules.md, "Running the business"): one per crossing of the
// line (the part's own threshold, else twice the minimum order), written with the order that crosses
// it, on both engines.
describeOnEachEngine('low-stock mails to the admins', (ctx) => {
  let admins: TestAccount[];
  let customer: TestAccount;
  const api = testApi(ctx);

  beforeAll(async () => {
    admins = [await signedInAdmin(ctx), await signedInAdmin(ctx)];
    customer = await signedInCustomer(ctx);
  });

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

  it('mails every admin once when an order takes the stock under twice the minimum, and again after it is back over', async () => {
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

    // Cancelled orders give the stock back over the line; the next crossing mails again.
    const cancel = await api.as(customer).delete(`/api/orders/${crossing.id}`);
    expect(cancel.status, cancel.body).toBe(200);
    await ctx.database.db.updateTable('part_stock').set({ stock: 30 }).where('part_id', '=', part.id).execute();
    await placedOrder(ctx, customer, part.id);
    expect(await lowStockMails('LOW-PADS')).toHaveLength(2 * first.length);
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
