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

/** One of the two tables: the part's column it keeps beside the part's id, and when a part belongs in it. */
export interface Short {
  table: 'low_stock_parts' | 'unbookable_parts';
  column: 'stock' | 'category_id';
  columnType: 'integer' | 'text';
  /** The index the table is read by. */
  index: { name: string; columns: string[] };
  /** Whether `row` (a part, `new` or `old` in a trigger) belongs in the table. */
  holds: (row: string) => string;
  /** The columns of parts whose change may move a part in or out, or change what the table keeps. */
  watched: string;
}

export const SHORT: readonly Short[] = [
  {
    table: 'low_stock_parts',
    column: 'stock',
    columnType: 'integer',
    index: { name: 'low_stock_parts_stock_idx', columns: ['stock', 'part_id'] },
    holds: (row) =>
      `(${row}.archived_at is null and ${row}.stock < coalesce(${row}.low_stock_threshold, 2 * ${row}.min_order_quantity))`,
    watched: 'stock, min_order_quantity, low_stock_threshold, archived_at',
  },
  {
    table: 'unbookable_parts',
    column: 'category_id',
    columnType: 'text',
    index: { name: 'unbookable_parts_category_idx', columns: ['category_id'] },
    holds: (row) => `(${row}.archived_at is null and (${row}.stock <= 0 or ${row}.stock < ${row}.min_order_quantity))`,
    watched: 'stock, min_order_quantity, archived_at, category_id',
  },
];

/** The statements that keep `short` on SQLite: two triggers (a trigger there has no `if`). */
export function sqliteTriggers({ table, column, holds, watched }: Short): string[] {
  return [
    `create trigger ${table}_insert after insert on parts when ${holds('new')} begin
      insert into ${table} (part_id, ${column}) values (new.id, new.${column});
    end`,
    `create trigger ${table}_update after update of ${watched} on parts when ${holds('old')} or ${holds('new')} begin
      delete from ${table} where part_id = old.id;
      insert into ${table} (part_id, ${column}) select new.id, new.${column} where ${holds('new')};
    end`,
  ];
}

/** The statements that keep `short` on PostgreSQL: a function and its two triggers. */
export function postgresTriggers({ table, column, holds, watched }: Short): string[] {
  return [
    `create function ${table}_keep() returns trigger language plpgsql as $$
    begin
      if ${holds('new')} then
        insert into ${table} (part_id, ${column}) values (new.id, new.${column})
          on conflict (part_id) do update set ${column} = excluded.${column};
      else
        delete from ${table} where part_id = new.id;
      end if;
      return null;
    end $$`,
    `create trigger ${table}_insert after insert on parts for each row when ${holds('new')}
      execute function ${table}_keep()`,
    `create trigger ${table}_update after update of ${watched} on parts for each row
      when (${holds('old')} or ${holds('new')}) execute function ${table}_keep()`,
  ];
}

export async function up(db: Kysely<any>): Promise<void> {
  const sqlite = db.getExecutor().adapter instanceof SqliteAdapter;
  for (const short of SHORT) {
    const { table, column, columnType, index, holds } = short;
    await db.schema
      .createTable(table)
      .addColumn('part_id', 'text', (c) => c.primaryKey().references('parts.id').onDelete('cascade'))
      .addColumn(column, columnType, (c) => c.notNull())
      .execute();
    await db.schema.createIndex(index.name).on(table).columns(index.columns).execute();
    await sql
      .raw(`insert into ${table} (part_id, ${column}) select id, ${column} from parts where ${holds('parts')}`)
      .execute(db);
    for (const statement of sqlite ? sqliteTriggers(short) : postgresTriggers(short)) await sql.raw(statement).execute(db);
  }
  await sql`drop index if exists parts_low_stock_idx`.execute(db);
  await sql`drop index if exists parts_unbookable_idx`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  const sqlite = db.getExecutor().adapter instanceof SqliteAdapter;
  for (const { table } of SHORT) {
    for (const trigger of [`${table}_insert`, `${table}_update`]) {
      await sql.raw(sqlite ? `drop trigger if exists ${trigger}` : `drop trigger if exists ${trigger} on parts`).execute(db);
    }
    if (!sqlite) await sql.raw(`drop function if exists ${table}_keep()`).execute(db);
    await db.schema.dropTable(table).execute();
  }
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
