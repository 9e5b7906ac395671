import { type Kysely, sql, SqliteAdapter } from 'kysely';

/**
 * Finding the part that fits (docs/shop-rules.md, "Finding parts"; docs/search.md).
 *
 * - vehicles: `{make, model, engine, year_from, year_to}`, the years the vehicle was built; one row per
 *   make, model, engine and first year.
 * - part_fitments: which vehicles a part fits, for which of their years, with a note ("rear axle").
 *   One row per part and vehicle; it goes with its part. A vehicle that parts fit is not deleted (the
 *   service refuses), so the foreign key restricts.
 * - garage_vehicles: a customer's saved vehicles, with the year and a nickname ("Van 3"). They go with
 *   the account and with the vehicle.
 * - search_misses: the searches that found nothing (query, filters as JSON, time), for the admin's
 *   overview; pruned after 90 days.
 * - The search index, one query path on both engines, fed by the database itself so that no write can
 *   forget it:
 *   - words: name (weight A), SKU and OEM numbers (A), description (B), split into runs of letters and
 *     digits, lower-cased, diacritics kept. SQLite: an FTS5 table `parts_words` (unicode61, which splits
 *     the same way) kept by triggers; PostgreSQL: a stored generated `search_vector` with a GIN index,
 *     made from the text with every other character turned into a space, so both engines see the same
 *     words.
 *   - part numbers: `|SKU|OEM|OEM|`, each without spaces, dots or hyphens, upper-case (partNumberKey in
 *     #shared/pricing; SKUs and OEM numbers hold no other separator). SQLite: an FTS5 trigram table
 *     `parts_numbers` kept by triggers; PostgreSQL: a stored generated `part_number_keys` with a
 *     pg_trgm index when the server offers the extension. Any part of a number is found by substring.
 *   The trigram table on names and descriptions (migration 0006) goes: words replace it.
 */
// Migrations take Kysely<any>: they describe the schema as it was then, not as the types say now.
/* eslint-disable @typescript-eslint/no-explicit-any */

/** SQL for a part's number keys, from its `sku` and `oem_numbers` (a JSON array of strings) columns. */
export function numberKeys(prefix: string): string {
  let text = `${prefix}sku || ',' || ${prefix}oem_numbers`;
  for (const drop of ['[', ']', '"', ' ', '.', '-']) text = `replace(${text}, '${drop}', '')`;
  return `'|' || upper(replace(${text}, ',', '|')) || '|'`;
}

const SQLITE_OLD_SEARCH = [
  'drop trigger if exists parts_search_insert',
  'drop trigger if exists parts_search_update',
  'drop trigger if exists parts_search_delete',
  'drop table if exists parts_search',
];

export const SQLITE_SEARCH = [
  `create virtual table parts_words using fts5(part_id unindexed, name, numbers, description, tokenize = 'unicode61 remove_diacritics 0')`,
  `create virtual table parts_numbers using fts5(part_id unindexed, keys, tokenize = 'trigram')`,
  `insert into parts_words (part_id, name, numbers, description)
    select id, name, sku || ' ' || oem_numbers, description from parts`,
  `insert into parts_numbers (part_id, keys) select id, ${numberKeys('')} from parts`,
  `create trigger parts_words_insert after insert on parts begin
    insert into parts_words (part_id, name, numbers, description) values (new.id, new.name, new.sku || ' ' || new.oem_numbers, new.description);
    insert into parts_numbers (part_id, keys) values (new.id, ${numberKeys('new.')});
  end`,
  `create trigger parts_words_update after update of id, name, description, sku, oem_numbers on parts begin
    delete from parts_words where part_id = old.id;
    delete from parts_numbers where part_id = old.id;
    insert into parts_words (part_id, name, numbers, description) values (new.id, new.name, new.sku || ' ' || new.oem_numbers, new.description);
    insert into parts_numbers (part_id, keys) values (new.id, ${numberKeys('new.')});
  end`,
  `create trigger parts_words_delete after delete on parts begin
    delete from parts_words where part_id = old.id;
    delete from parts_numbers where part_id = old.id;
  end`,
];

/** What PostgreSQL indexes as words: the text with every run of other characters made one space. */
const pgWords = (column: string) => `to_tsvector('simple', regexp_replace(lower(${column}), '[^[:alnum:]]+', ' ', 'g'))`;

async function hasPgTrgm(db: Kysely<any>): Promise<boolean> {
  const { rows } = await sql<{ n: number }>`select count(*)::int as n from pg_extension where extname = 'pg_trgm'`.execute(db);
  return (rows[0]?.n ?? 0) > 0;
}

export async function up(db: Kysely<any>): Promise<void> {
  const sqlite = db.getExecutor().adapter instanceof SqliteAdapter;

  await db.schema
    .createTable('vehicles')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('make', 'text', (c) => c.notNull())
    .addColumn('model', 'text', (c) => c.notNull())
    .addColumn('engine', 'text', (c) => c.notNull())
    .addColumn('year_from', 'integer', (c) => c.notNull())
    .addColumn('year_to', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('vehicles_identity_unique', ['make', 'model', 'engine', 'year_from'])
    .execute();

  await db.schema
    .createTable('part_fitments')
    .addColumn('part_id', 'text', (c) => c.notNull().references('parts.id').onDelete('cascade'))
    .addColumn('vehicle_id', 'text', (c) => c.notNull().references('vehicles.id').onDelete('restrict'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('year_from', 'integer', (c) => c.notNull())
    .addColumn('year_to', 'integer', (c) => c.notNull())
    .addColumn('note', 'text', (c) => c.notNull().defaultTo(''))
    .addPrimaryKeyConstraint('part_fitments_pk', ['part_id', 'vehicle_id'])
    .execute();
  // The vehicle filter: every part fitting one vehicle in one year, from the index alone.
  await db.schema
    .createIndex('part_fitments_vehicle_idx')
    .on('part_fitments')
    .columns(['vehicle_id', 'year_from', 'year_to', 'part_id'])
    .execute();

  await db.schema
    .createTable('garage_vehicles')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('vehicle_id', 'text', (c) => c.notNull().references('vehicles.id').onDelete('cascade'))
    .addColumn('year', 'integer', (c) => c.notNull())
    .addColumn('nickname', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('garage_vehicles_user_idx').on('garage_vehicles').columns(['user_id', 'created_at']).execute();
  await db.schema.createIndex('garage_vehicles_vehicle_idx').on('garage_vehicles').column('vehicle_id').execute();

  await db.schema
    .createTable('search_misses')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('q', 'text', (c) => c.notNull())
    .addColumn('filters', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('search_misses_created_idx').on('search_misses').columns(['created_at', 'q']).execute();

  if (sqlite) {
    for (const statement of [...SQLITE_OLD_SEARCH, ...SQLITE_SEARCH]) await sql.raw(statement).execute(db);
    return;
  }
  await sql
    .raw(
      `alter table parts
        add column search_vector tsvector generated always as (
          setweight(${pgWords('name')}, 'A') || setweight(${pgWords(`sku || ' ' || oem_numbers`)}, 'A')
          || setweight(${pgWords('description')}, 'B')) stored,
        add column part_number_keys text generated always as (${numberKeys('')}) stored`,
    )
    .execute(db);
  await sql`create index parts_search_vector_idx on parts using gin (search_vector)`.execute(db);
  if (await hasPgTrgm(db)) {
    await sql`create index parts_number_keys_trgm_idx on parts using gin (part_number_keys gin_trgm_ops)`.execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  const sqlite = db.getExecutor().adapter instanceof SqliteAdapter;
  if (sqlite) {
    for (const statement of [
      'drop trigger if exists parts_words_insert',
      'drop trigger if exists parts_words_update',
      'drop trigger if exists parts_words_delete',
      'drop table if exists parts_words',
      'drop table if exists parts_numbers',
      // The trigram table on names and descriptions, as migration 0006 made it.
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
  } else {
    await sql`drop index if exists parts_number_keys_trgm_idx`.execute(db);
    await sql`drop index if exists parts_search_vector_idx`.execute(db);
    await sql`alter table parts drop column part_number_keys, drop column search_vector`.execute(db);
  }
  await db.schema.dropTable('search_misses').execute();
  await db.schema.dropTable('garage_vehicles').execute();
  await db.schema.dropTable('part_fitments').execute();
  await db.schema.dropTable('vehicles').execute();
}
