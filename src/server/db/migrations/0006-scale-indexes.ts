import { type Kysely, sql, SqliteAdapter } from 'kysely';

/**
 * The catalogue and the order tables at 100,000 parts and 1,000,000 orders, 25 ms p95 a request
 * (docs/decisions/0011-scale.md).
 *
 * - parts.units_sold: units in paid, shipped or delivered orders, kept by a trigger on orders in the
 *   same statement that changes an order (any writer: the app, a script, a test factory), so the best
 *   sellers are read from one index instead of aggregating every paid order.
 * - My Orders: the customer's index carries the status, so the "not cancelled" filter and the count
 *   are answered from the index alone.
 * - order_counts: how many orders each status has, kept by triggers, so the admin table's totals do
 *   not count a million rows. PostgreSQL spreads each status over 16 rows picked at random, so
 *   concurrent bookings do not queue on one counter row's lock; SQLite has one writer and uses one.
 * - Search (case-insensitive contains on name and description): a trigram index narrows the rows the
 *   exact `lower(column) like` test still runs on — FTS5's trigram tokenizer on SQLite (a table kept by
 *   triggers), pg_trgm GIN indexes on PostgreSQL when the server offers the extension.
 */
// Migrations take Kysely<any>: they describe the schema as it was then, not as the types say now.
/* eslint-disable @typescript-eslint/no-explicit-any */
const SOLD = `('paid', 'shipped', 'delivered')`;

export async function up(db: Kysely<any>): Promise<void> {
  const sqlite = db.getExecutor().adapter instanceof SqliteAdapter;
  await db.schema
    .alterTable('parts')
    .addColumn('units_sold', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await sql
    .raw(
      `update parts set units_sold = coalesce((select sum(quantity) from orders
        where orders.part_id = parts.id and orders.status in ${SOLD}), 0)`,
    )
    .execute(db);
  await db.schema
    .createIndex('parts_live_sold_idx')
    .on('parts')
    .columns(['archived_at', 'units_sold desc', 'created_at desc', 'id desc'])
    .execute();

  await db.schema.dropIndex('orders_user_created_idx').execute();
  await db.schema
    .createIndex('orders_user_created_idx')
    .on('orders')
    .columns(['user_id', 'created_at', 'id', 'status'])
    .execute();

  await db.schema
    .createTable('order_counts')
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('shard', 'integer', (c) => c.notNull())
    .addColumn('n', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('order_counts_pk', ['status', 'shard'])
    .execute();
  await sql`insert into order_counts (status, shard, n) select status, 0, count(*) from orders group by status`.execute(db);

  if (sqlite) {
    const count = (status: string, delta: number) =>
      `insert into order_counts (status, shard, n) values (${status}, 0, ${delta})
        on conflict (status, shard) do update set n = n + ${delta};`;
    for (const statement of [
      `create trigger order_counts_insert after insert on orders begin ${count('new.status', 1)} end`,
      `create trigger order_counts_update after update of status on orders when old.status <> new.status
        begin ${count('old.status', -1)} ${count('new.status', 1)} end`,
      `create trigger order_counts_delete after delete on orders begin ${count('old.status', -1)} end`,
      `create trigger orders_sold_insert after insert on orders when new.status in ${SOLD}
        begin update parts set units_sold = units_sold + new.quantity where id = new.part_id; end`,
      `create trigger orders_sold_update after update of status, quantity, part_id on orders
        when (old.status in ${SOLD}) or (new.status in ${SOLD})
        begin
          update parts set units_sold = units_sold - old.quantity where id = old.part_id and old.status in ${SOLD};
          update parts set units_sold = units_sold + new.quantity where id = new.part_id and new.status in ${SOLD};
        end`,
      `create trigger orders_sold_delete after delete on orders when old.status in ${SOLD}
        begin update parts set units_sold = units_sold - old.quantity where id = old.part_id; end`,
      `create virtual table parts_search using fts5(part_id unindexed, name, description, tokenize = 'trigram')`,
      `insert into parts_search (part_id, name, description) select id, name, description from parts`,
      `create trigger parts_search_insert after insert on parts
        begin insert into parts_search (part_id, name, description) values (new.id, new.name, new.description); end`,
      `create trigger parts_search_update after update of id, name, description on parts
        begin
          delete from parts_search where part_id = old.id;
          insert into parts_search (part_id, name, description) values (new.id, new.name, new.description);
        end`,
      `create trigger parts_search_delete after delete on parts begin delete from parts_search where part_id = old.id; end`,
    ]) {
      await sql.raw(statement).execute(db);
    }
    return;
  }

  await sql
    .raw(
      `create function orders_count() returns trigger language plpgsql as $$
      declare slot integer := floor(random() * 16);
      begin
        if tg_op in ('UPDATE', 'DELETE') then
          insert into order_counts (status, shard, n) values (old.status, slot, -1)
            on conflict (status, shard) do update set n = order_counts.n - 1;
        end if;
        if tg_op in ('INSERT', 'UPDATE') then
          insert into order_counts (status, shard, n) values (new.status, slot, 1)
            on conflict (status, shard) do update set n = order_counts.n + 1;
        end if;
        return null;
      end $$`,
    )
    .execute(db);
  await sql
    .raw(`create trigger orders_count after insert or delete on orders for each row execute function orders_count()`)
    .execute(db);
  await sql
    .raw(
      `create trigger orders_count_status after update of status on orders for each row
      when (old.status is distinct from new.status) execute function orders_count()`,
    )
    .execute(db);
  await sql
    .raw(
      `create function orders_units_sold() returns trigger language plpgsql as $$
      begin
        if tg_op in ('UPDATE', 'DELETE') and old.status in ${SOLD} then
          update parts set units_sold = units_sold - old.quantity where id = old.part_id;
        end if;
        if tg_op in ('INSERT', 'UPDATE') and new.status in ${SOLD} then
          update parts set units_sold = units_sold + new.quantity where id = new.part_id;
        end if;
        return null;
      end $$`,
    )
    .execute(db);
  await sql
    .raw(
      `create trigger orders_units_sold after insert or update of status, quantity, part_id or delete on orders
      for each row execute function orders_units_sold()`,
    )
    .execute(db);
  // pg_trgm ships with PostgreSQL and is a trusted extension (the database owner may create it); a
  // server without it keeps the same search, unindexed.
  const { rows } = await sql<{
    n: number;
  }>`select count(*)::int as n from pg_available_extensions where name = 'pg_trgm'`.execute(db);
  if ((rows[0]?.n ?? 0) > 0) {
    await sql`create extension if not exists pg_trgm`.execute(db);
    await sql`create index parts_name_trgm_idx on parts using gin (lower(name) gin_trgm_ops)`.execute(db);
    await sql`create index parts_description_trgm_idx on parts using gin (lower(description) gin_trgm_ops)`.execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  const sqlite = db.getExecutor().adapter instanceof SqliteAdapter;
  if (sqlite) {
    for (const name of [
      'order_counts_insert',
      'order_counts_update',
      'order_counts_delete',
      'orders_sold_insert',
      'orders_sold_update',
      'orders_sold_delete',
      'parts_search_insert',
      'parts_search_update',
      'parts_search_delete',
    ]) {
      await sql.raw(`drop trigger if exists ${name}`).execute(db);
    }
    await sql`drop table if exists parts_search`.execute(db);
  } else {
    await sql`drop trigger if exists orders_units_sold on orders`.execute(db);
    await sql`drop trigger if exists orders_count on orders`.execute(db);
    await sql`drop trigger if exists orders_count_status on orders`.execute(db);
    await sql`drop function if exists orders_count()`.execute(db);
    await sql`drop function if exists orders_units_sold()`.execute(db);
    await sql`drop index if exists parts_name_trgm_idx`.execute(db);
    await sql`drop index if exists parts_description_trgm_idx`.execute(db);
  }
  await db.schema.dropTable('order_counts').execute();
  await db.schema.dropIndex('orders_user_created_idx').execute();
  await db.schema.createIndex('orders_user_created_idx').on('orders').columns(['user_id', 'created_at', 'id']).execute();
  await db.schema.dropIndex('parts_live_sold_idx').execute();
  await db.schema.alterTable('parts').dropColumn('units_sold').execute();
}
