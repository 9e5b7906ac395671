import { type Kysely, sql, SqliteAdapter } from 'kysely';

/**
 * The admin's overview at 1,000,000 orders (docs/shop-rules.md, "Running the business").
 *
 * - daily_sales: the orders paid each day (UTC, by their payment time) that are still paid, shipped or
 *   delivered, and their total, kept by triggers on orders in the statement that changes an order, so
 *   the overview's chart reads at most 90 days' rows instead of summing every paid order. An order
 *   cancelled after payment leaves its day. PostgreSQL spreads each day over 16 rows picked at random,
 *   as order_counts does (migration 0006), so concurrent payments do not queue on one row's lock;
 *   SQLite has one writer and uses one.
 * - parts_low_stock_idx: the live parts whose stock is under twice their minimum order, the shop's
 *   low-stock line, so the overview lists them from a small index instead of testing every part.
 */
// Migrations take Kysely<any>: they describe the schema as it was then, not as the types say now.
/* eslint-disable @typescript-eslint/no-explicit-any */
const SOLD = `('paid', 'shipped', 'delivered')`;

/** The day an order counts for: its payment time's date (the booking's for an order written paid without one). */
const dayOf = (row: string) => `substr(coalesce(${row}.paid_at, ${row}.created_at), 1, 10)`;

export async function up(db: Kysely<any>): Promise<void> {
  const sqlite = db.getExecutor().adapter instanceof SqliteAdapter;
  await db.schema
    .createTable('daily_sales')
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('shard', 'integer', (c) => c.notNull())
    .addColumn('orders', 'bigint', (c) => c.notNull())
    .addColumn('cents', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('daily_sales_pk', ['day', 'shard'])
    .execute();
  await sql
    .raw(
      `insert into daily_sales (day, shard, orders, cents)
        select ${dayOf('orders')}, 0, count(*), sum(total_cents) from orders where status in ${SOLD} group by 1`,
    )
    .execute(db);

  // What an order counts for: added when it becomes sold, taken off when it stops, moved when its
  // payment time or total changes while sold.
  const changed = `(old.status in ${SOLD}) <> (new.status in ${SOLD})
    or (new.status in ${SOLD} and (old.paid_at is distinct from new.paid_at or old.total_cents <> new.total_cents))`;
  if (sqlite) {
    const add = (row: 'new' | 'old', sign: 1 | -1) =>
      `insert into daily_sales (day, shard, orders, cents)
        select ${dayOf(row)}, 0, ${sign}, ${sign} * ${row}.total_cents where ${row}.status in ${SOLD}
        on conflict (day, shard) do update set orders = orders + ${sign}, cents = cents + ${sign} * ${row}.total_cents;`;
    for (const statement of [
      `create trigger daily_sales_insert after insert on orders when new.status in ${SOLD} begin ${add('new', 1)} end`,
      `create trigger daily_sales_update after update of status, paid_at, total_cents on orders
        when ${changed.replaceAll('is distinct from', 'is not')}
        begin ${add('old', -1)} ${add('new', 1)} end`,
      `create trigger daily_sales_delete after delete on orders when old.status in ${SOLD} begin ${add('old', -1)} end`,
    ]) {
      await sql.raw(statement).execute(db);
    }
  } else {
    for (const statement of [
      `create function daily_sales_change() returns trigger language plpgsql as $$
        declare slot integer := floor(random() * 16);
        begin
          if tg_op in ('UPDATE', 'DELETE') and old.status in ${SOLD} then
            insert into daily_sales (day, shard, orders, cents) values (${dayOf('old')}, slot, -1, -old.total_cents)
              on conflict (day, shard) do update set orders = daily_sales.orders - 1, cents = daily_sales.cents - old.total_cents;
          end if;
          if tg_op in ('INSERT', 'UPDATE') and new.status in ${SOLD} then
            insert into daily_sales (day, shard, orders, cents) values (${dayOf('new')}, slot, 1, new.total_cents)
              on conflict (day, shard) do update set orders = daily_sales.orders + 1, cents = daily_sales.cents + new.total_cents;
          end if;
          return null;
        end $$`,
      `create trigger daily_sales_insert after insert on orders for each row
        when (new.status in ${SOLD}) execute function daily_sales_change()`,
      `create trigger daily_sales_update after update of status, paid_at, total_cents on orders for each row
        when (${changed}) execute function daily_sales_change()`,
      `create trigger daily_sales_delete after delete on orders for each row
        when (old.status in ${SOLD}) execute function daily_sales_change()`,
    ]) {
      await sql.raw(statement).execute(db);
    }
  }
  await sql
    .raw(`create index parts_low_stock_idx on parts (stock, id) where archived_at is null and stock < 2 * min_order_quantity`)
    .execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  const sqlite = db.getExecutor().adapter instanceof SqliteAdapter;
  if (sqlite) {
    for (const name of ['insert', 'update', 'delete']) await sql.raw(`drop trigger if exists daily_sales_${name}`).execute(db);
  } else {
    for (const name of ['insert', 'update', 'delete'])
      await sql.raw(`drop trigger if exists daily_sales_${name} on orders`).execute(db);
    await sql`drop function if exists daily_sales_change()`.execute(db);
  }
  await sql`drop index if exists parts_low_stock_idx`.execute(db);
  await db.schema.dropTable('daily_sales').execute();
}
