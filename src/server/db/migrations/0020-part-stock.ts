import { type Kysely, sql, SqliteAdapter } from 'kysely';
import {
  indexPartAs,
  SQLITE_FACETS_TRIGGER,
  SQLITE_INSERT_TRIGGER,
  SQLITE_REINDEX_TRIGGER,
  unindexPart,
} from './0013-search-at-scale';
import { postgresTriggers, SHORT, sqliteTriggers } from './0019-parts-short-of-stock';

/**
 * A part's stock moves out of `parts` into `part_stock` (part_id, stock), a row of its own that every
 * read of a part joins and every booking changes, in place of the part's row.
 *
 * Why (docs/decisions/0002-two-database-engines.md): a part's row is wide (its description and, on
 * PostgreSQL, its search columns: 1.3 KB for a demo part) and carries eleven indexes, four of them GIN.
 * On PostgreSQL an update is written beside the old row on its page (HOT, no index touched) only when
 * the page has room, and the versions that waiting bookings may still see cannot be pruned to make
 * it: with the bookings of one customer queued on its row, a third of the stock updates were written
 * anew with an entry in every index, and taking five parts' stock cost 0.95 ms a statement. Ten
 * clients taking turns, the same five-part update alone ran 880-980 times a second on `parts` and
 * 3,300-3,700 on a table of just ids and stocks, where every update was HOT. Its stored generated
 * columns (the search vector) were also computed again at every update of the row.
 *
 * The two short-of-stock tables (migration 0019) and, on SQLite, the search rows' `bookable`
 * (migration 0013) follow the stock here: triggers on `part_stock` for the stock, and on `parts` for
 * what else they read (the minimum order, the low-stock line, the archive, the category).
 */
/* eslint-disable @typescript-eslint/no-explicit-any */

/** Whether the part `p` belongs in low_stock_parts with the stock `stock` (both SQL). */
const isLow = (p: string, stock: string) =>
  `(${p}.archived_at is null and ${stock} < coalesce(${p}.low_stock_threshold, 2 * ${p}.min_order_quantity))`;
/** Whether the part `p` belongs in unbookable_parts with the stock `stock`. */
const isUnbookable = (p: string, stock: string) =>
  `(${p}.archived_at is null and (${stock} <= 0 or ${stock} < ${p}.min_order_quantity))`;
/** Whether the stock covers the part's minimum order (isInStock in #shared/stock): a search row's `bookable`. */
const isBookable = (p: string, stock: string) => `(${stock} > 0 and ${stock} >= ${p}.min_order_quantity)`;

/** SQLite: the stock of the part `new` (none yet while the part itself is being written). */
const stockOfNew = 'coalesce((select stock from part_stock where part_id = new.id), 0)';
const stockOfOld = 'coalesce((select stock from part_stock where part_id = old.id), 0)';

/** SQLite: puts the part `p` (its id `id`) with the stock `stock` where the short-of-stock tables say. */
const sqliteShortOf = (id: string, stock: string) => `
  delete from low_stock_parts where part_id = ${id};
  insert into low_stock_parts (part_id, stock) select p.id, ${stock} from parts as p where p.id = ${id} and ${isLow('p', stock)};
  delete from unbookable_parts where part_id = ${id};
  insert into unbookable_parts (part_id, category_id)
    select p.id, p.category_id from parts as p where p.id = ${id} and ${isUnbookable('p', stock)};
  update parts_search_rows set bookable = (select ${isBookable('p', stock)} from parts as p where p.id = ${id})
    where part_id = ${id};`;

const SQLITE_UP = [
  ...SHORT.flatMap(({ table }) => [`drop trigger if exists ${table}_insert`, `drop trigger if exists ${table}_update`]),
  'drop trigger if exists parts_search_insert',
  'drop trigger if exists parts_search_reindex',
  'drop trigger if exists parts_search_facets',
  'alter table parts drop column stock',
  `create trigger parts_search_insert after insert on parts when new.archived_at is null
    begin ${indexPartAs(isBookable('new', stockOfNew))} end`,
  `create trigger parts_search_reindex after update of id, name, description, sku, oem_numbers, archived_at on parts
    when old.id is not new.id or old.name is not new.name or old.description is not new.description
      or old.sku is not new.sku or old.oem_numbers is not new.oem_numbers
      or (old.archived_at is null) <> (new.archived_at is null)
    begin ${unindexPart} ${indexPartAs(isBookable('new', stockOfNew))} end`,
  `create trigger parts_search_facets after update of category_id, min_order_quantity on parts
    when new.archived_at is null
      and (old.category_id is not new.category_id or ${isBookable('old', stockOfOld)} <> ${isBookable('new', stockOfNew)})
    begin
      update parts_search_rows set category_id = new.category_id, bookable = ${isBookable('new', stockOfNew)} where part_id = new.id;
    end`,
  // An admin's change of what the tables read besides the stock: the part is placed again.
  `create trigger parts_short_update after update of min_order_quantity, low_stock_threshold, archived_at, category_id on parts
    begin ${sqliteShortOf('new.id', stockOfNew)} end`,
  `create trigger part_stock_insert after insert on part_stock begin ${sqliteShortOf('new.part_id', 'new.stock')} end`,
  // A booking that leaves the part well stocked, before and after, runs nothing more.
  `create trigger part_stock_update after update of stock on part_stock
    when exists (select 1 from parts as p where p.id = new.part_id and (${isLow('p', 'old.stock')} or ${isLow('p', 'new.stock')}
      or ${isUnbookable('p', 'old.stock')} or ${isUnbookable('p', 'new.stock')}))
    begin ${sqliteShortOf('new.part_id', 'new.stock')} end`,
];

const SQLITE_DOWN = [
  'drop trigger if exists part_stock_insert',
  'drop trigger if exists part_stock_update',
  'drop trigger if exists parts_short_update',
  'drop trigger if exists parts_search_insert',
  'drop trigger if exists parts_search_reindex',
  'drop trigger if exists parts_search_facets',
  SQLITE_INSERT_TRIGGER,
  SQLITE_REINDEX_TRIGGER,
  SQLITE_FACETS_TRIGGER,
  ...SHORT.flatMap(sqliteTriggers),
];

/** PostgreSQL: upserts the part into `table` (keeping `column` of it), or takes it out, by `belongs`. */
const postgresPlace = (table: string, column: string, id: string, value: string, belongs: string, was: string) => `
      if ${belongs} then
        insert into ${table} (part_id, ${column}) values (${id}, ${value})
          on conflict (part_id) do update set ${column} = excluded.${column};
      elsif ${was} then
        delete from ${table} where part_id = ${id};
      end if;`;

const POSTGRES_UP = [
  ...SHORT.flatMap(({ table }) => [
    `drop trigger if exists ${table}_insert on parts`,
    `drop trigger if exists ${table}_update on parts`,
    `drop function if exists ${table}_keep()`,
  ]),
  'alter table parts drop column stock',
  // A booking: the part is read by its key to place it, and only a part short before or after is written.
  `create function part_stock_short() returns trigger language plpgsql as $$
    declare
      p record;
    begin
      select archived_at, min_order_quantity, low_stock_threshold, category_id into p from parts where id = new.part_id;
      ${postgresPlace('low_stock_parts', 'stock', 'new.part_id', 'new.stock', isLow('p', 'new.stock'), `(tg_op = 'UPDATE' and ${isLow('p', 'old.stock')})`)}
      ${postgresPlace('unbookable_parts', 'category_id', 'new.part_id', 'p.category_id', isUnbookable('p', 'new.stock'), `(tg_op = 'UPDATE' and ${isUnbookable('p', 'old.stock')})`)}
      return null;
    end $$`,
  `create trigger part_stock_short after insert or update of stock on part_stock for each row execute function part_stock_short()`,
  // An admin's change of what the tables read besides the stock: the part is placed again.
  `create function parts_short() returns trigger language plpgsql as $$
    declare
      s integer;
    begin
      select stock into s from part_stock where part_id = new.id;
      ${postgresPlace('low_stock_parts', 'stock', 'new.id', 's', `(s is not null and ${isLow('new', 's')})`, 'true')}
      ${postgresPlace('unbookable_parts', 'category_id', 'new.id', 'new.category_id', `(s is not null and ${isUnbookable('new', 's')})`, 'true')}
      return null;
    end $$`,
  `create trigger parts_short after update of min_order_quantity, low_stock_threshold, archived_at, category_id on parts
    for each row execute function parts_short()`,
];

const POSTGRES_DOWN = [
  'drop trigger if exists part_stock_short on part_stock',
  'drop function if exists part_stock_short()',
  'drop trigger if exists parts_short on parts',
  'drop function if exists parts_short()',
  ...SHORT.flatMap(postgresTriggers),
];

export async function up(db: Kysely<any>): Promise<void> {
  const sqlite = db.getExecutor().adapter instanceof SqliteAdapter;
  await db.schema
    .createTable('part_stock')
    .addColumn('part_id', 'text', (c) => c.primaryKey().references('parts.id').onDelete('cascade'))
    .addColumn('stock', 'integer', (c) => c.notNull().check(sql`stock >= 0`))
    .execute();
  await sql`insert into part_stock (part_id, stock) select id, stock from parts`.execute(db);
  for (const statement of sqlite ? SQLITE_UP : POSTGRES_UP) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  const sqlite = db.getExecutor().adapter instanceof SqliteAdapter;
  await sql`alter table parts add column stock integer not null default 0 check (stock >= 0)`.execute(db);
  await sql`update parts set stock = coalesce((select stock from part_stock where part_id = parts.id), 0)`.execute(db);
  if (!sqlite) await sql`alter table parts alter column stock drop default`.execute(db);
  for (const statement of sqlite ? SQLITE_DOWN : POSTGRES_DOWN) await sql.raw(statement).execute(db);
  await db.schema.dropTable('part_stock').execute();
}
