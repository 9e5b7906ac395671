import { type Kysely, sql } from 'kysely';
import { expect, it } from 'vitest';
import type { Db } from '../database';
import { insertPart } from '../../testing/factories';
import { describeOnEachEngine } from '../../testing/test-app';
import { migrateTo, migrateToLatest } from '../migrator';

const at = '2026-01-01T00:00:00.000Z';
const BEFORE = '0029-drop-assumption-failed';

/** An order as the table was before migration 0030: its first line's part, name, picture and price, and its units. */
const oldOrder = (id: string, partId: string, status: string, quantity: number, total: number) => ({
  id,
  user_id: 'customer-1',
  part_id: partId,
  part_name: 'First part',
  image_url: '/uploads/00000000000000000000000000000000.webp',
  unit_price_cents: 1000,
  quantity,
  total_cents: total,
  customer_name: 'Customer',
  customer_email: 'customer@example.com',
  phone: '+1 555-010-2030',
  address: '12 Piston Road',
  status,
  cancel_reason: null,
  transaction_id: null,
  paid_at: status === 'paid' ? at : null,
  idempotency_key: null,
  invoice_number: null,
  created_at: at,
  updated_at: at,
});

const line = (orderId: string, position: number, partId: string, quantity: number) => ({
  order_id: orderId,
  position,
  part_id: partId,
  sku: `SKU-${position}`,
  part_name: `Part ${position}`,
  image_url: '/uploads/00000000000000000000000000000000.webp',
  unit_price_cents: 1000,
  quantity,
  line_total_cents: 1000 * quantity,
});

/** The columns of `orders`, by name. */
async function columnsOfOrders(db: Db): Promise<string[]> {
  const tables = await db.introspection.getTables();
  return (tables.find((table) => table.name === 'orders')?.columns ?? []).map((column) => column.name).sort();
}

/** The names of the indexes and triggers on `orders`. */
async function indexesAndTriggersOfOrders(db: Db, engine: string): Promise<string[]> {
  const { rows } =
    engine === 'sqlite'
      ? await sql<{ name: string }>`select name from sqlite_master
          where tbl_name = 'orders' and type in ('index', 'trigger') and sql is not null`.execute(db)
      : await sql<{ name: string }>`select indexname as name from pg_indexes where tablename = 'orders'
          union all select tgname from pg_trigger where tgrelid = 'orders'::regclass and not tgisinternal`.execute(db);
  return rows.map((row) => row.name).sort();
}

describeOnEachEngine('migration 0030: orders without a copy of their first line', (ctx) => {
  it('drops the copy and keeps every line, index, trigger and foreign key of the orders', async () => {
    const { db } = ctx.database;
    const pads = await insertPart(db, { stock: 100 });
    const discs = await insertPart(db, { stock: 100 });
    await migrateTo(db, BEFORE);
    const before = await indexesAndTriggersOfOrders(db, ctx.engine);
    expect(before).toContain('orders_part_idx');
    // The tables as they were then, not as the types say now.
    const raw = db as never as Kysely<Record<string, Record<string, unknown>>>;
    await raw
      .insertInto('orders')
      .values([
        oldOrder('order-unpaid', pads.id, 'pending_payment', 36, 36_000),
        oldOrder('order-paid', discs.id, 'paid', 12, 12_000),
      ])
      .execute();
    await raw
      .insertInto('order_lines')
      .values([line('order-unpaid', 0, pads.id, 12), line('order-unpaid', 1, discs.id, 24), line('order-paid', 0, discs.id, 12)])
      .execute();
    const counters = async () => ({
      counts: await db.selectFrom('order_counts').select(['status', 'n']).where('n', '<>', 0).orderBy('status').execute(),
      unpaid: await db.selectFrom('unpaid_orders').select(['n', 'cents']).where('user_id', '=', 'customer-1').execute(),
    });
    const countersBefore = await counters();

    await migrateToLatest(db);

    for (const gone of ['part_id', 'part_name', 'image_url', 'unit_price_cents', 'quantity']) {
      expect(await columnsOfOrders(db)).not.toContain(gone);
    }
    // Later migrations index the orders' company (0036).
    expect((await indexesAndTriggersOfOrders(db, ctx.engine)).filter((name) => name !== 'orders_company_idx')).toEqual(
      before.filter((name) => name !== 'orders_part_idx'),
    );
    expect(
      await db.selectFrom('order_lines').select(['order_id', 'position']).orderBy('order_id').orderBy('position').execute(),
    ).toEqual([
      { order_id: 'order-paid', position: 0 },
      { order_id: 'order-unpaid', position: 0 },
      { order_id: 'order-unpaid', position: 1 },
    ]);
    expect(await counters()).toEqual(countersBefore);

    // The triggers still keep the counters: paying the unpaid order moves its count and units.
    await db.updateTable('orders').set({ status: 'paid', paid_at: at }).where('id', '=', 'order-unpaid').execute();
    expect(await db.selectFrom('unpaid_orders').select(['n', 'cents']).where('user_id', '=', 'customer-1').execute()).toEqual([
      { n: 0, cents: 0 },
    ]);
    const sold = await db
      .selectFrom('parts')
      .select(['id', sql<number>`units_sold`.as('units')])
      .where('id', 'in', [pads.id, discs.id])
      .execute();
    expect(Object.fromEntries(sold.map((row) => [row.id, Number(row.units)]))).toEqual({ [pads.id]: 12, [discs.id]: 36 });

    // The foreign keys still hold, and still cascade: a payment needs its order, an order's lines go with it.
    await expect(
      db
        .insertInto('payment_intents')
        .values({
          id: 'intent-1',
          order_id: 'no-such-order',
          provider: 'sandbox',
          client_secret: 'secret-1',
          amount_cents: 100,
          status: 'requires_payment',
          transaction_id: null,
          created_at: at,
          updated_at: at,
        })
        .execute(),
    ).rejects.toThrow(/foreign key/i);
    await db.deleteFrom('orders').where('id', '=', 'order-unpaid').execute();
    expect(await db.selectFrom('order_lines').select('order_id').where('order_id', '=', 'order-unpaid').execute()).toEqual([]);
  });

  it('puts the first line’s part, name, picture and price and the units back when migrated down', async () => {
    const { db } = ctx.database;
    const part = await insertPart(db, { stock: 100 });
    const other = await insertPart(db, { stock: 100 });
    await db
      .insertInto('orders')
      .values({
        id: 'order-two-lines',
        user_id: null,
        total_cents: 36_000,
        customer_name: 'Customer',
        customer_email: 'customer@example.com',
        phone: '+1 555-010-2030',
        address: '12 Piston Road',
        status: 'pending_payment',
        cancel_reason: null,
        transaction_id: null,
        paid_at: null,
        idempotency_key: null,
        invoice_number: null,
        created_at: at,
        updated_at: at,
      })
      .execute();
    await db
      .insertInto('order_lines')
      .values([line('order-two-lines', 0, other.id, 12), line('order-two-lines', 1, part.id, 24)])
      .execute();

    await migrateTo(db, BEFORE);
    const raw = db as never as Kysely<Record<string, Record<string, unknown>>>;
    expect(
      await raw
        .selectFrom('orders')
        .select(['part_id', 'part_name', 'unit_price_cents', 'quantity'])
        .where('id', '=', 'order-two-lines')
        .execute(),
    ).toEqual([{ part_id: other.id, part_name: 'Part 0', unit_price_cents: 1000, quantity: 36 }]);
    await migrateToLatest(db);
    expect(await columnsOfOrders(db)).not.toContain('part_id');
  });
});
