import { type Kysely, sql, SqliteAdapter } from 'kysely';
import { numberKeys, SQLITE_SEARCH as SQLITE_SEARCH_BEFORE } from './0012-fitment-and-search';

/**
 * The parts list's counts and search at 100,000 parts (docs/search.md).
 *
 * - category_part_counts: the live parts of each category, kept by triggers on parts, so the list
 *   without a search or vehicle (its total and its category facet) reads 20 rows instead of counting
 *   100,000. It replaces live_part_count (migration 0007), the one-row total it generalises. Only
 *   what an admin does moves it (adding, archiving, moving or deleting a part), never a booking, so
 *   concurrent orders never wait on it. On PostgreSQL inserts and deletes update it once per
 *   statement (transition tables), as live_part_count did.
 * - parts_unbookable_idx: the live parts whose stock does not cover the minimum order, per category.
 *   The "in stock only" count is the live count less these, read from a small index that bookings
 *   keep up without touching any shared row.
 * - SQLite: the sort indexes become partial (`where archived_at is null`), as PostgreSQL's did in
 *   migration 0007, and the category index too (with the newest-first order), plus a small one for
 *   archived parts. Once `analyze` has run, SQLite estimated `archived_at is null` as one value of
 *   2,000 (its statistics hold no histogram) and skip-scanned the category index for the unfiltered
 *   list, sorting 98,000 rows (170 ms) where the partial sort index reads 12 entries.
 * - SQLite's search index (migration 0012) holds only live parts. Both FTS5 tables become contentless
 *   (they keep no copy of the text) and number their entries by `parts_search_rows`, one row per live
 *   part with what the list's facets and filters read for a hit: its id, its category and whether it
 *   is bookable. A search then counts and ranks its hits from the index and that narrow table, without
 *   reading each part (half the time at 5,000 hits), and a trigger finds a part's entries by its row
 *   number instead of scanning the index for its id. Triggers keep them: the entries are replaced
 *   when the indexed text changes or the part is archived or back; only the row changes with the
 *   category, or with the stock or minimum order when they make the part bookable or not (a booking
 *   that leaves it bookable touches nothing).
 * - SQLite: `parts_words_vocab`, an fts5vocab view of the words index, to keep only the typo
 *   variants some part has as a word (PostgreSQL probes its GIN index for the same).
 */
// Migrations take Kysely<any>: they describe the schema as it was then, not as the types say now.
/* eslint-disable @typescript-eslint/no-explicit-any */

const UNBOOKABLE = '(stock <= 0 or stock < min_order_quantity)';

const BACKFILL = `insert into category_part_counts (category_id, live)
  select categories.id, count(parts.id) from categories
  left join parts on parts.category_id = categories.id and parts.archived_at is null
  group by categories.id`;

/** SQLite's part indexes before (migrations 0006 and 0010) and after. */
const SQLITE_INDEXES_BEFORE = [
  'create index parts_live_created_idx on parts (archived_at, created_at, id)',
  'create index parts_live_price_idx on parts (archived_at, price_cents, id)',
  'create index parts_live_name_idx on parts (archived_at, name, id)',
  'create index parts_live_sold_idx on parts (archived_at, units_sold desc, created_at desc, id desc)',
  'create index parts_category_idx on parts (category_id, archived_at)',
];
const SQLITE_INDEXES_AFTER = [
  'create index parts_live_created_idx on parts (created_at, id) where archived_at is null',
  'create index parts_live_price_idx on parts (price_cents, id) where archived_at is null',
  'create index parts_live_name_idx on parts (name, id) where archived_at is null',
  'create index parts_live_sold_idx on parts (units_sold desc, created_at desc, id desc) where archived_at is null',
  'create index parts_category_live_idx on parts (category_id, created_at, id) where archived_at is null',
  'create index parts_category_archived_idx on parts (category_id) where archived_at is not null',
];
const SQLITE_INDEX_NAMES = [
  'parts_live_created_idx',
  'parts_live_price_idx',
  'parts_live_name_idx',
  'parts_live_sold_idx',
  'parts_category_idx',
  'parts_category_live_idx',
  'parts_category_archived_idx',
];

/** SQLite: a part is bookable when its stock covers the minimum order (isInStock in #shared/stock). */
const bookable = (row: string) => `(${row}.stock > 0 and ${row}.stock >= ${row}.min_order_quantity)`;

/**
 * SQLite: the statements that put a live part (`new`) in both indexes, under a new row number, with
 * `isBookable` (SQL on `new`) as its search row's `bookable`.
 */
export const indexPartAs = (isBookable: string) => `
  insert into parts_search_rows (part_id, category_id, bookable)
    select new.id, new.category_id, ${isBookable} where new.archived_at is null;
  insert into parts_words (rowid, name, numbers, description)
    select rowid, new.name, new.sku || ' ' || new.oem_numbers, new.description
    from parts_search_rows where part_id = new.id and new.archived_at is null;
  insert into parts_numbers (rowid, keys)
    select rowid, ${numberKeys('new.')} from parts_search_rows where part_id = new.id and new.archived_at is null;`;
const indexPart = indexPartAs(bookable('new'));

/** SQLite: the statements that take a part (`old`) out of both indexes. */
export const unindexPart = `
  delete from parts_words where rowid = (select rowid from parts_search_rows where part_id = old.id);
  delete from parts_numbers where rowid = (select rowid from parts_search_rows where part_id = old.id);
  delete from parts_search_rows where part_id = old.id;`;

/** SQLite's triggers on parts that keep its search rows and entries (migration 0020 replaces them). */
export const SQLITE_INSERT_TRIGGER = `create trigger parts_search_insert after insert on parts when new.archived_at is null begin ${indexPart} end`;
/** New words, or the part archived or back: its entries are replaced. */
export const SQLITE_REINDEX_TRIGGER = `create trigger parts_search_reindex after update of id, name, description, sku, oem_numbers, archived_at on parts
    when old.id is not new.id or old.name is not new.name or old.description is not new.description
      or old.sku is not new.sku or old.oem_numbers is not new.oem_numbers
      or (old.archived_at is null) <> (new.archived_at is null)
    begin ${unindexPart} ${indexPart} end`;
/** Another category, or bookable no longer (or again): only its row changes. */
export const SQLITE_FACETS_TRIGGER = `create trigger parts_search_facets after update of category_id, stock, min_order_quantity on parts
    when new.archived_at is null
      and (old.category_id is not new.category_id or ${bookable('old')} <> ${bookable('new')})
    begin
      update parts_search_rows set category_id = new.category_id, bookable = ${bookable('new')} where part_id = new.id;
    end`;

const SQLITE_SEARCH = [
  'drop trigger if exists parts_words_insert',
  'drop trigger if exists parts_words_update',
  'drop trigger if exists parts_words_delete',
  'drop table if exists parts_words',
  'drop table if exists parts_numbers',
  `create table parts_search_rows (
    rowid integer primary key, part_id text not null unique, category_id text, bookable integer not null)`,
  `create virtual table parts_words using fts5(name, numbers, description,
    tokenize = 'unicode61 remove_diacritics 0', content = '', contentless_delete = 1)`,
  `create virtual table parts_numbers using fts5(keys, tokenize = 'trigram', content = '', contentless_delete = 1)`,
  `insert into parts_search_rows (part_id, category_id, bookable)
    select id, category_id, ${bookable('parts')} from parts where archived_at is null order by id`,
  `insert into parts_words (rowid, name, numbers, description)
    select parts_search_rows.rowid, parts.name, parts.sku || ' ' || parts.oem_numbers, parts.description
    from parts_search_rows join parts on parts.id = parts_search_rows.part_id`,
  `insert into parts_numbers (rowid, keys)
    select parts_search_rows.rowid, ${numberKeys('parts.')}
    from parts_search_rows join parts on parts.id = parts_search_rows.part_id`,
  SQLITE_INSERT_TRIGGER,
  `create trigger parts_search_delete after delete on parts begin ${unindexPart} end`,
  SQLITE_REINDEX_TRIGGER,
  SQLITE_FACETS_TRIGGER,
  'create virtual table parts_words_vocab using fts5vocab(parts_words, row)',
];

const SQLITE = [
  `create trigger category_part_counts_category after insert on categories
    begin insert into category_part_counts (category_id, live) values (new.id, 0); end`,
  `create trigger category_part_counts_insert after insert on parts when new.archived_at is null
    begin update category_part_counts set live = live + 1 where category_id = new.category_id; end`,
  `create trigger category_part_counts_delete after delete on parts when old.archived_at is null
    begin update category_part_counts set live = live - 1 where category_id = old.category_id; end`,
  `create trigger category_part_counts_update after update of archived_at, category_id on parts
    when (old.archived_at is null) <> (new.archived_at is null) or old.category_id is not new.category_id
    begin
      update category_part_counts set live = live - 1 where category_id = old.category_id and old.archived_at is null;
      update category_part_counts set live = live + 1 where category_id = new.category_id and new.archived_at is null;
    end`,
  'drop trigger if exists live_part_count_insert',
  'drop trigger if exists live_part_count_delete',
  'drop trigger if exists live_part_count_update',
  ...SQLITE_SEARCH,
  ...SQLITE_INDEX_NAMES.map((name) => `drop index if exists ${name}`),
  ...SQLITE_INDEXES_AFTER,
];

const POSTGRES = [
  `create function category_part_counts_category() returns trigger language plpgsql as $$
    begin
      insert into category_part_counts (category_id, live) values (new.id, 0);
      return null;
    end $$`,
  `create function category_part_counts_insert() returns trigger language plpgsql as $$
    begin
      update category_part_counts set live = live + added.n
        from (select category_id, count(*) as n from inserted where archived_at is null group by category_id) as added
        where category_part_counts.category_id = added.category_id;
      return null;
    end $$`,
  `create function category_part_counts_delete() returns trigger language plpgsql as $$
    begin
      update category_part_counts set live = live - removed.n
        from (select category_id, count(*) as n from deleted where archived_at is null group by category_id) as removed
        where category_part_counts.category_id = removed.category_id;
      return null;
    end $$`,
  `create function category_part_counts_update() returns trigger language plpgsql as $$
    begin
      if old.archived_at is null then
        update category_part_counts set live = live - 1 where category_id = old.category_id;
      end if;
      if new.archived_at is null then
        update category_part_counts set live = live + 1 where category_id = new.category_id;
      end if;
      return null;
    end $$`,
  `create function category_part_counts_truncate() returns trigger language plpgsql as $$
    begin
      update category_part_counts set live = 0;
      return null;
    end $$`,
  `create trigger category_part_counts_category after insert on categories for each row
    execute function category_part_counts_category()`,
  `create trigger category_part_counts_insert after insert on parts referencing new table as inserted
    for each statement execute function category_part_counts_insert()`,
  `create trigger category_part_counts_delete after delete on parts referencing old table as deleted
    for each statement execute function category_part_counts_delete()`,
  `create trigger category_part_counts_update after update of archived_at, category_id on parts for each row
    when ((old.archived_at is null) <> (new.archived_at is null) or old.category_id is distinct from new.category_id)
    execute function category_part_counts_update()`,
  `create trigger category_part_counts_truncate after truncate on parts for each statement
    execute function category_part_counts_truncate()`,
  ...['insert', 'delete', 'archive', 'truncate'].flatMap((name) => [
    `drop trigger if exists live_part_count_${name} on parts`,
    `drop function if exists live_part_count_${name}()`,
  ]),
];

export async function up(db: Kysely<any>): Promise<void> {
  const sqlite = db.getExecutor().adapter instanceof SqliteAdapter;
  await db.schema
    .createTable('category_part_counts')
    .addColumn('category_id', 'text', (c) => c.primaryKey().references('categories.id').onDelete('cascade'))
    .addColumn('live', 'bigint', (c) => c.notNull())
    .execute();
  await sql.raw(BACKFILL).execute(db);
  for (const statement of sqlite ? SQLITE : POSTGRES) await sql.raw(statement).execute(db);
  await sql
    .raw(`create index parts_unbookable_idx on parts (category_id) where archived_at is null and ${UNBOOKABLE}`)
    .execute(db);
  await db.schema.dropTable('live_part_count').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  const sqlite = db.getExecutor().adapter instanceof SqliteAdapter;
  await db.schema
    .createTable('live_part_count')
    .addColumn('id', 'integer', (c) => c.primaryKey().check(sql.raw('id = 1')))
    .addColumn('n', 'bigint', (c) => c.notNull())
    .execute();
  await sql`insert into live_part_count (id, n) select 1, count(*) from parts where archived_at is null`.execute(db);
  const live = [
    ['insert', 'after insert on parts when new.archived_at is null', 'update live_part_count set n = n + 1'],
    ['delete', 'after delete on parts when old.archived_at is null', 'update live_part_count set n = n - 1'],
    [
      'update',
      'after update of archived_at on parts when (old.archived_at is null) <> (new.archived_at is null)',
      'update live_part_count set n = n + case when new.archived_at is null then 1 else -1 end',
    ],
  ] as const;
  if (sqlite) {
    for (const name of ['category', 'insert', 'delete', 'update']) {
      await sql.raw(`drop trigger if exists category_part_counts_${name}`).execute(db);
    }
    for (const statement of [
      'drop table if exists parts_words_vocab',
      'drop trigger if exists parts_search_insert',
      'drop trigger if exists parts_search_delete',
      'drop trigger if exists parts_search_reindex',
      'drop trigger if exists parts_search_facets',
      'drop table if exists parts_words',
      'drop table if exists parts_numbers',
      'drop table if exists parts_search_rows',
      ...SQLITE_SEARCH_BEFORE,
    ]) {
      await sql.raw(statement).execute(db);
    }
    for (const statement of [...SQLITE_INDEX_NAMES.map((name) => `drop index if exists ${name}`), ...SQLITE_INDEXES_BEFORE]) {
      await sql.raw(statement).execute(db);
    }
    for (const [name, when, body] of live) {
      await sql.raw(`create trigger live_part_count_${name} ${when} begin ${body}; end`).execute(db);
    }
  } else {
    await sql`drop trigger if exists category_part_counts_category on categories`.execute(db);
    for (const name of ['insert', 'delete', 'update', 'truncate']) {
      await sql.raw(`drop trigger if exists category_part_counts_${name} on parts`).execute(db);
    }
    for (const name of ['category', 'insert', 'delete', 'update', 'truncate']) {
      await sql.raw(`drop function if exists category_part_counts_${name}()`).execute(db);
    }
    for (const statement of [
      `create function live_part_count_insert() returns trigger language plpgsql as $$
        begin update live_part_count set n = n + (select count(*) from inserted where archived_at is null); return null; end $$`,
      `create function live_part_count_delete() returns trigger language plpgsql as $$
        begin update live_part_count set n = n - (select count(*) from deleted where archived_at is null); return null; end $$`,
      `create function live_part_count_archive() returns trigger language plpgsql as $$
        begin update live_part_count set n = n + case when new.archived_at is null then 1 else -1 end; return null; end $$`,
      `create function live_part_count_truncate() returns trigger language plpgsql as $$
        begin update live_part_count set n = 0; return null; end $$`,
      `create trigger live_part_count_insert after insert on parts referencing new table as inserted
        for each statement execute function live_part_count_insert()`,
      `create trigger live_part_count_delete after delete on parts referencing old table as deleted
        for each statement execute function live_part_count_delete()`,
      `create trigger live_part_count_archive after update of archived_at on parts for each row
        when ((old.archived_at is null) <> (new.archived_at is null)) execute function live_part_count_archive()`,
      `create trigger live_part_count_truncate after truncate on parts for each statement execute function live_part_count_truncate()`,
    ]) {
      await sql.raw(statement).execute(db);
    }
  }
  await sql`drop index if exists parts_unbookable_idx`.execute(db);
  await db.schema.dropTable('category_part_counts').execute();
}
