import { type Kysely, sql, SqliteAdapter } from 'kysely';

/**
 * The live parts short of stock, in two small tables kept by triggers on parts, in place of the two
 * partial indexes on the stock (parts_low_stock_idx, migration 0016; parts_unbookable_idx, 0013):
 *
 * - low_stock_parts: each live part whose stock is under its low-stock line, with that stock, indexed
 *   in stock order for the admin overview's list (fewest first).
 * - unbookable_parts: each live part whose stock does not cover its minimum order, with its category,
 *   for the "in stock only" counts per category (the live count less these).
 *
 * Why: an index whose columns or predicate read the stock must change with every booking. On
 * PostgreSQL that is every index of the table, not just those two: an update that changes no indexed
 * column is written beside the old row on its page (a HOT update) and leaves the indexes alone; one
 * that does writes a new entry into each of the thirteen indexes of parts, four of them GIN (search
 * and part numbers). Timed alone, taking a part's stock cost 0.52-0.63 ms with the two indexes and
 * 0.18-0.24 ms without (docs/decisions/0002-two-database-engines.md). The triggers fire only for a
 * part that is short before or after the change (their WHEN is checked without running them), so a
 * booking that leaves a part well stocked writes nothing more.
 *
 * A HOT update also needs room for the new version on the row's page, and a part's row is wide (its
 * description, its search vector): with full pages about a third of the orders bench's bookings
 * updated their parts in place. Pages filled to half (fillfactor 50) made it 80%, but a search with
 * 5,000 hits then read twice the pages (decision 0002), so the pages stay full.
 */
// Migrations take Kysely<any>: they describe the schema as it was then, not as the types say now.
/* eslint-disable @typescript-eslint/no-explicit-any */

const low = (row: string) =>
  `(${row}.archived_at is null and ${row}.stock < coalesce(${row}.low_stock_threshold, 2 * ${row}.min_order_quantity))`;
const unbookable = (row: string) =>
  `(${row}.archived_at is null and (${row}.stock <= 0 or ${row}.stock < ${row}.min_order_quantity))`;

const LOW_COLUMNS = 'stock, min_order_quantity, low_stock_threshold, archived_at';
const UNBOOKABLE_COLUMNS = 'stock, min_order_quantity, archived_at, category_id';

const BACKFILL = [
  `insert into low_stock_parts (part_id, stock) select id, stock from parts where ${low('parts')}`,
  `insert into unbookable_parts (part_id, category_id) select id, category_id from parts where ${unbookable('parts')}`,
];

export async function up(db: Kysely<any>): Promise<void> {
  const sqlite = db.getExecutor().adapter instanceof SqliteAdapter;
  await db.schema
    .createTable('low_stock_parts')
    .addColumn('part_id', 'text', (c) => c.primaryKey().references('parts.id').onDelete('cascade'))
    .addColumn('stock', 'integer', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('low_stock_parts_stock_idx').on('low_stock_parts').columns(['stock', 'part_id']).execute();
  await db.schema
    .createTable('unbookable_parts')
    .addColumn('part_id', 'text', (c) => c.primaryKey().references('parts.id').onDelete('cascade'))
    .addColumn('category_id', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('unbookable_parts_category_idx').on('unbookable_parts').column('category_id').execute();
  for (const statement of BACKFILL) await sql.raw(statement).execute(db);

  if (sqlite) {
    for (const statement of [
      `create trigger low_stock_parts_insert after insert on parts when ${low('new')} begin
        insert into low_stock_parts (part_id, stock) values (new.id, new.stock);
      end`,
      `create trigger low_stock_parts_update after update of ${LOW_COLUMNS} on parts when ${low('old')} or ${low('new')} begin
        delete from low_stock_parts where part_id = old.id;
        insert into low_stock_parts (part_id, stock) select new.id, new.stock where ${low('new')};
      end`,
      `create trigger unbookable_parts_insert after insert on parts when ${unbookable('new')} begin
        insert into unbookable_parts (part_id, category_id) values (new.id, new.category_id);
      end`,
      `create trigger unbookable_parts_update after update of ${UNBOOKABLE_COLUMNS} on parts
        when ${unbookable('old')} or ${unbookable('new')} begin
        delete from unbookable_parts where part_id = old.id;
        insert into unbookable_parts (part_id, category_id) select new.id, new.category_id where ${unbookable('new')};
      end`,
    ]) {
      await sql.raw(statement).execute(db);
    }
  } else {
    for (const statement of [
      `create function low_stock_parts_keep() returns trigger language plpgsql as $$
      begin
        if ${low('new')} then
          insert into low_stock_parts (part_id, stock) values (new.id, new.stock)
            on conflict (part_id) do update set stock = excluded.stock;
        else
          delete from low_stock_parts where part_id = new.id;
        end if;
        return null;
      end $$`,
      `create function unbookable_parts_keep() returns trigger language plpgsql as $$
      begin
        if ${unbookable('new')} then
          insert into unbookable_parts (part_id, category_id) values (new.id, new.category_id)
            on conflict (part_id) do update set category_id = excluded.category_id;
        else
          delete from unbookable_parts where part_id = new.id;
        end if;
        return null;
      end $$`,
      `create trigger low_stock_parts_insert after insert on parts for each row when ${low('new')}
        execute function low_stock_parts_keep()`,
      `create trigger low_stock_parts_update after update of ${LOW_COLUMNS} on parts for each row
        when (${low('old')} or ${low('new')}) execute function low_stock_parts_keep()`,
      `create trigger unbookable_parts_insert after insert on parts for each row when ${unbookable('new')}
        execute function unbookable_parts_keep()`,
      `create trigger unbookable_parts_update after update of ${UNBOOKABLE_COLUMNS} on parts for each row
        when (${unbookable('old')} or ${unbookable('new')}) execute function unbookable_parts_keep()`,
    ]) {
      await sql.raw(statement).execute(db);
    }
  }
  await sql`drop index if exists parts_low_stock_idx`.execute(db);
  await sql`drop index if exists parts_unbookable_idx`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  const sqlite = db.getExecutor().adapter instanceof SqliteAdapter;
  for (const name of ['low_stock_parts_insert', 'low_stock_parts_update', 'unbookable_parts_insert', 'unbookable_parts_update']) {
    await sql.raw(sqlite ? `drop trigger if exists ${name}` : `drop trigger if exists ${name} on parts`).execute(db);
  }
  if (!sqlite) {
    await sql`drop function if exists low_stock_parts_keep()`.execute(db);
    await sql`drop function if exists unbookable_parts_keep()`.execute(db);
  }
  await db.schema.dropTable('low_stock_parts').execute();
  await db.schema.dropTable('unbookable_parts').execute();
  await sql
    .raw(
      `create index parts_low_stock_idx on parts (stock, id)
        where archived_at is null and stock < coalesce(low_stock_threshold, 2 * min_order_quantity)`,
    )
    .execute(db);
  await sql
    .raw(
      `create index parts_unbookable_idx on parts (category_id) where archived_at is null and (stock <= 0 or stock < min_order_quantity)`,
    )
    .execute(db);
}
