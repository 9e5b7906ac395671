import { type Kysely, sql } from 'kysely';
import { expect, it } from 'vitest';
import type { Db } from '../database';
import { insertOrder, insertPart } from '../../testing/factories';
import { describeOnEachEngine } from '../../testing/test-app';
import { migrateTo, migrateToLatest } from '../migrator';

const at = '2026-03-01T09:00:00.000Z';
const BEFORE = '0033-companies';
const NEW_COLUMNS = [
  'company_id',
  'decided_by',
  'decline_reason',
  'delivery_address_id',
  'due_date',
  'invoiced_at',
  'paid_cents',
  'payment_method',
  'po_number',
];

/** An order as the table was before migration 0036. */
const oldOrder = (id: string, status: string, total: number, invoice: string | null) => ({
  id,
  user_id: 'customer-1',
  total_cents: total,
  customer_name: 'Customer',
  customer_email: 'customer@example.com',
  phone: '+1 555-010-2030',
  address: '12 Piston Road',
  status,
  cancel_reason: null,
  transaction_id: null,
  paid_at: invoice ? at : null,
  idempotency_key: null,
  invoice_number: invoice,
  created_at: at,
  updated_at: at,
});

async function columnsOfOrders(db: Db): Promise<string[]> {
  const tables = await db.introspection.getTables();
  return (tables.find((table) => table.name === 'orders')?.columns ?? []).map((column) => column.name);
}

async function indexesAndTriggersOfOrders(db: Db, engine: string): Promise<string[]> {
  const { rows } =
    engine === 'sqlite'
      ? await sql<{ name: string }>`select name from sqlite_master
          where tbl_name = 'orders' and type in ('index', 'trigger') and sql is not null`.execute(db)
      : await sql<{ name: string }>`select indexname as name from pg_indexes where tablename = 'orders'
          union all select tgname from pg_trigger where tgrelid = 'orders'::regclass and not tgisinternal`.execute(db);
  return rows.map((row) => row.name).sort();
}

/** Everything the triggers keep about orders, for one part, one customer and one day. */
async function counters(db: Db, { partId, userId, day }: { partId: string; userId: string; day: string }) {
  const part = await db
    .selectFrom('parts')
    .select(sql<number>`units_sold`.as('units'))
    .where('id', '=', partId)
    .executeTakeFirstOrThrow();
  const counts = await db
    .selectFrom('order_counts')
    .select(['status', sql<number>`sum(n)`.as('n')])
    .groupBy('status')
    .execute();
  const sales = await db
    .selectFrom('daily_sales')
    .select([sql<number>`sum(orders)`.as('orders'), sql<number>`sum(cents)`.as('cents')])
    .where('day', '=', day)
    .executeTakeFirst();
  const unpaid = await db.selectFrom('unpaid_orders').select(['n', 'cents']).where('user_id', '=', userId).executeTakeFirst();
  return {
    unitsSold: Number(part.units),
    counts: Object.fromEntries(counts.map((row) => [row.status, Number(row.n)])) as Record<string, number>,
    sales: { orders: Number(sales?.orders ?? 0), cents: Number(sales?.cents ?? 0) },
    unpaid: { n: Number(unpaid?.n ?? 0), cents: Number(unpaid?.cents ?? 0) },
  };
}

/** The statuses whose count changed from `before` to `after`, by how much. */
function countsMoved(before: Record<string, number>, after: Record<string, number>): Record<string, number> {
  const moved: Record<string, number> = {};
  for (const status of new Set([...Object.keys(before), ...Object.keys(after)])) {
    const change = (after[status] ?? 0) - (before[status] ?? 0);
    if (change !== 0) moved[status] = change;
  }
  return moved;
}

describeOnEachEngine('migration 0036: orders on account', (ctx) => {
  it('adds the columns, fills invoiced_at of invoiced orders, keeps every index and trigger', async () => {
    const { db } = ctx.database;
    const part = await insertPart(db, { stock: 100 });
    await migrateTo(db, BEFORE);
    const before = await indexesAndTriggersOfOrders(db, ctx.engine);
    const raw = db as never as Kysely<Record<string, Record<string, unknown>>>;
    await raw
      .insertInto('orders')
      .values([
        oldOrder('order-unpaid', 'pending_payment', 5_000, null),
        oldOrder('order-paid', 'paid', 12_000, 'INV-2026-000001'),
      ])
      .execute();
    const scope = { partId: part.id, userId: 'customer-1', day: at.slice(0, 10) };
    const countersBefore = await counters(db, scope);

    await migrateToLatest(db);

    expect(await columnsOfOrders(db)).toEqual(expect.arrayContaining(NEW_COLUMNS));
    expect(await indexesAndTriggersOfOrders(db, ctx.engine)).toEqual([...before, 'orders_company_idx'].sort());
    expect(await counters(db, scope)).toEqual(countersBefore);
    const rows = await db
      .selectFrom('orders')
      .select(['id', 'invoiced_at', 'payment_method', 'paid_cents', 'company_id', 'due_date'])
      .where('id', 'in', ['order-paid', 'order-unpaid'])
      .orderBy('id')
      .execute();
    expect(rows.map((row) => ({ ...row, paid_cents: Number(row.paid_cents) }))).toEqual([
      { id: 'order-paid', invoiced_at: at, payment_method: 'card', paid_cents: 0, company_id: null, due_date: null },
      { id: 'order-unpaid', invoiced_at: null, payment_method: 'card', paid_cents: 0, company_id: null, due_date: null },
    ]);

    // The widened check takes the new statuses and still refuses others; payment is card or account.
    await db.updateTable('orders').set({ status: 'awaiting_approval' }).where('id', '=', 'order-unpaid').execute();
    await expect(sql`update orders set status = 'lost' where id = 'order-unpaid'`.execute(db)).rejects.toThrow(/check/i);
    await expect(sql`update orders set payment_method = 'cash' where id = 'order-unpaid'`.execute(db)).rejects.toThrow(/check/i);
    await expect(sql`update orders set paid_cents = -1 where id = 'order-unpaid'`.execute(db)).rejects.toThrow(/check/i);
    if (ctx.engine === 'postgres') {
      // SQLite checks its foreign keys when a migration commits, not on every write of a test.
      await expect(sql`update orders set company_id = 'no-such-company' where id = 'order-unpaid'`.execute(db)).rejects.toThrow(
        /foreign key/i,
      );
    }
  });

  it('counts a confirmed order as a sale on its invoice day, as a paid one', async () => {
    const { db } = ctx.database;
    const part = await insertPart(db, { stock: 100 });
    const scope = { partId: part.id, userId: 'customer-2', day: '2026-05-04' };
    const before = await counters(db, scope);
    const order = await insertOrder(db, {
      part_id: part.id,
      user_id: 'customer-2',
      quantity: 12,
      unit_price_cents: 1000,
      status: 'confirmed',
      payment_method: 'account',
      invoice_number: 'INV-2026-000009',
      invoiced_at: '2026-05-04T10:00:00.000Z',
      due_date: '2026-06-03',
      created_at: '2026-05-01T09:00:00.000Z',
    });
    let after = await counters(db, scope);
    expect(after.unitsSold).toBe(12);
    expect(countsMoved(before.counts, after.counts)).toEqual({ confirmed: 1 });
    expect(after.sales).toEqual({ orders: before.sales.orders + 1, cents: before.sales.cents + 12_000 });
    expect(after.unpaid).toEqual(before.unpaid);

    await db.updateTable('orders').set({ status: 'shipped' }).where('id', '=', order.id).execute();
    expect((await counters(db, scope)).sales).toEqual(after.sales);
    // Cancelled before it shipped, it leaves the sales.
    await db.updateTable('orders').set({ status: 'cancelled', cancel_reason: 'admin' }).where('id', '=', order.id).execute();
    after = await counters(db, scope);
    expect(after).toEqual({ ...before, counts: after.counts });
    expect(countsMoved(before.counts, after.counts)).toEqual({ cancelled: 1 });
  });

  it('counts an order awaiting approval as unpaid, holding its value, until it is approved or declined', async () => {
    const { db } = ctx.database;
    const part = await insertPart(db, { stock: 100 });
    const scope = { partId: part.id, userId: 'customer-3', day: '2026-01-01' };
    const before = await counters(db, scope);
    const first = await insertOrder(db, { part_id: part.id, user_id: 'customer-3', status: 'awaiting_approval' });
    const second = await insertOrder(db, { part_id: part.id, user_id: 'customer-3', status: 'awaiting_approval' });
    let after = await counters(db, scope);
    expect(countsMoved(before.counts, after.counts)).toEqual({ awaiting_approval: 2 });
    expect(after.unpaid).toEqual({ n: 2, cents: 24_000 });
    expect(after.unitsSold).toBe(0);
    // Approved to pay by card: still unpaid, counted once.
    await db.updateTable('orders').set({ status: 'pending_payment' }).where('id', '=', first.id).execute();
    expect((await counters(db, scope)).unpaid).toEqual({ n: 2, cents: 24_000 });
    // Declined: final, like a cancelled order; neither unpaid nor sold.
    await db
      .updateTable('orders')
      .set({ status: 'declined', decline_reason: 'Not this month' })
      .where('id', '=', second.id)
      .execute();
    after = await counters(db, scope);
    expect(countsMoved(before.counts, after.counts)).toEqual({ declined: 1, pending_payment: 1 });
    expect(after.unpaid).toEqual({ n: 1, cents: 12_000 });
    expect(after.unitsSold).toBe(0);
    expect(after.sales).toEqual(before.sales);
  });

  it('migrates down: on account reads as paid on its invoice day, awaiting as unpaid, declined as cancelled', async () => {
    const { db } = ctx.database;
    const part = await insertPart(db, { stock: 100 });
    const scope = { partId: part.id, userId: 'customer-4', day: '2026-07-04' };
    await insertOrder(db, {
      id: 'order-confirmed',
      part_id: part.id,
      status: 'confirmed',
      payment_method: 'account',
      invoice_number: 'INV-2026-000010',
      invoiced_at: '2026-07-04T10:00:00.000Z',
      created_at: '2026-07-01T09:00:00.000Z',
    });
    await insertOrder(db, { id: 'order-awaiting', part_id: part.id, user_id: 'customer-4', status: 'awaiting_approval' });
    await insertOrder(db, { id: 'order-declined', part_id: part.id, status: 'declined' });
    const before = await counters(db, scope);

    await migrateTo(db, BEFORE);

    for (const gone of NEW_COLUMNS) expect(await columnsOfOrders(db)).not.toContain(gone);
    const raw = db as never as Kysely<Record<string, Record<string, unknown>>>;
    expect(
      await raw
        .selectFrom('orders')
        .select(['id', 'status', 'paid_at', 'cancel_reason'])
        .where('id', 'in', ['order-awaiting', 'order-confirmed', 'order-declined'])
        .orderBy('id')
        .execute(),
    ).toEqual([
      { id: 'order-awaiting', status: 'pending_payment', paid_at: null, cancel_reason: null },
      { id: 'order-confirmed', status: 'paid', paid_at: '2026-07-04T10:00:00.000Z', cancel_reason: null },
      { id: 'order-declined', status: 'cancelled', paid_at: null, cancel_reason: 'customer' },
    ]);
    const after = await counters(db, scope);
    expect({ ...after, counts: {} }).toEqual({ ...before, counts: {} });
    // Every order counted under the status it has now.
    const { rows: statuses } = await sql<{
      status: string;
      n: number;
    }>`select status, count(*) as n from orders group by status`.execute(db);
    expect(after.counts).toEqual({
      ...Object.fromEntries(Object.keys(after.counts).map((status) => [status, 0])),
      ...Object.fromEntries(statuses.map((row) => [row.status, Number(row.n)])),
    });
    await expect(sql`update orders set status = 'confirmed' where id = 'order-confirmed'`.execute(db)).rejects.toThrow(/check/i);
    // The triggers read the old statuses again: paying the unpaid order counts it sold and settles it.
    await raw.updateTable('orders').set({ status: 'paid', paid_at: at }).where('id', '=', 'order-awaiting').execute();
    expect((await counters(db, scope)).unitsSold).toBe(24);
    expect((await counters(db, scope)).unpaid).toEqual({ n: 0, cents: 0 });

    await migrateToLatest(db);
    expect(await columnsOfOrders(db)).toEqual(expect.arrayContaining(NEW_COLUMNS));
  });
});
