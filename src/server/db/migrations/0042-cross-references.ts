import { type Kysely, sql, SqliteAdapter } from 'kysely';
import { unindexPart } from './0013-search-at-scale';

/**
 * Cross-references (docs/shop-rules.md, "Part numbers that change"; decision 0044): a part lists
 * other brands' numbers for it as `{brand, number}`, car makers' and competitors' alike.
 *
 * - parts.cross_references: a JSON array of `{"brand": …, "number": …}`, replacing `oem_numbers` (a
 *   JSON array of numbers). Each number already there becomes a reference of the brand "OEM", in its
 *   order; `oem_numbers` goes.
 * - The search index (migrations 0012, 0013, 0020) reads the references' numbers, never their brands,
 *   so it stays fed by the database itself: the words are the SKU and the numbers, the number keys
 *   `|SKU|NUMBER|…|` as before (upper-case, without spaces, dots or hyphens: `partNumberKey`).
 *   SQLite: its two triggers that write a part's entries read the numbers with `json_each`, and every
 *   live part's entries are written again. PostgreSQL: the two stored generated columns are made
 *   again from `part_cross_reference_numbers`, an immutable function giving the numbers, one after
 *   the other, separated by commas (a generated column cannot hold a subquery).
 */
// Migrations take Kysely<any>: they describe the schema as it was then, not as the types say now.
/* eslint-disable @typescript-eslint/no-explicit-any */

/** SQLite: the numbers of the part `p`'s cross-references, comma-separated ('' for none). */
const sqliteNumbers = (p: string) =>
  `coalesce((select group_concat(json_extract(value, '$.number'), ',') from json_each(${p}cross_references)), '')`;

/** SQL for the `|SKU|NUMBER|…|` keys from the SKU and the comma-separated numbers (as migration 0012). */
export function crossReferenceKeys(sku: string, numbers: string): string {
  let text = `${sku} || ',' || ${numbers}`;
  for (const drop of [' ', '.', '-']) text = `replace(${text}, '${drop}', '')`;
  return `'|' || upper(replace(${text}, ',', '|')) || '|'`;
}

/** SQLite: a part's words in the `numbers` column of the words index: its SKU and its numbers. */
const sqliteWords = (p: string) => `${p}sku || ' ' || ${sqliteNumbers(p)}`;

/** SQLite: `indexPartAs` of migration 0013, reading the cross-references. */
const indexPartAs = (isBookable: string) => `
  insert into parts_search_rows (part_id, category_id, bookable)
    select new.id, new.category_id, ${isBookable} where new.archived_at is null;
  insert into parts_words (rowid, name, numbers, description)
    select rowid, new.name, ${sqliteWords('new.')}, new.description
    from parts_search_rows where part_id = new.id and new.archived_at is null;
  insert into parts_numbers (rowid, keys)
    select rowid, ${crossReferenceKeys('new.sku', sqliteNumbers('new.'))}
    from parts_search_rows where part_id = new.id and new.archived_at is null;`;

/** SQLite: whether the stock covers the minimum order, as migration 0020 reads it. */
const stockOfNew = 'coalesce((select stock from part_stock where part_id = new.id), 0)';
const isBookableNew = `(${stockOfNew} > 0 and ${stockOfNew} >= new.min_order_quantity)`;

/** SQLite's two triggers of migration 0020 that write a part's entries, on the column `column`. */
const sqliteTriggers = (column: string, index: string) => [
  `create trigger parts_search_insert after insert on parts when new.archived_at is null begin ${index} end`,
  `create trigger parts_search_reindex after update of id, name, description, sku, ${column}, archived_at on parts
    when old.id is not new.id or old.name is not new.name or old.description is not new.description
      or old.sku is not new.sku or old.${column} is not new.${column}
      or (old.archived_at is null) <> (new.archived_at is null)
    begin ${unindexPart} ${index} end`,
];

const SQLITE_DROP_TRIGGERS = ['drop trigger if exists parts_search_insert', 'drop trigger if exists parts_search_reindex'];

/** SQLite: every live part's entries written again from `words` and `keys` (SQL on `parts`). */
const sqliteReindex = (words: string, keys: string) => [
  `insert into parts_words (parts_words) values ('delete-all')`,
  `insert into parts_numbers (parts_numbers) values ('delete-all')`,
  `insert into parts_words (rowid, name, numbers, description)
    select parts_search_rows.rowid, parts.name, ${words}, parts.description
    from parts_search_rows join parts on parts.id = parts_search_rows.part_id`,
  `insert into parts_numbers (rowid, keys)
    select parts_search_rows.rowid, ${keys}
    from parts_search_rows join parts on parts.id = parts_search_rows.part_id`,
];

/** Migration 0012's SQL for the keys from `oem_numbers`, for the way back. */
function oemNumberKeys(prefix: string): string {
  let text = `${prefix}sku || ',' || ${prefix}oem_numbers`;
  for (const drop of ['[', ']', '"', ' ', '.', '-']) text = `replace(${text}, '${drop}', '')`;
  return `'|' || upper(replace(${text}, ',', '|')) || '|'`;
}

const SQLITE_UP = [
  ...SQLITE_DROP_TRIGGERS,
  `alter table parts add column cross_references text not null default '[]'`,
  `update parts set cross_references = (
    select json_group_array(json_object('brand', 'OEM', 'number', value)) from json_each(parts.oem_numbers))
    where oem_numbers <> '[]'`,
  'alter table parts drop column oem_numbers',
  ...sqliteTriggers('cross_references', indexPartAs(isBookableNew)),
  ...sqliteReindex(sqliteWords('parts.'), crossReferenceKeys('parts.sku', sqliteNumbers('parts.'))),
];

const oemIndexPartAs = (isBookable: string) => `
  insert into parts_search_rows (part_id, category_id, bookable)
    select new.id, new.category_id, ${isBookable} where new.archived_at is null;
  insert into parts_words (rowid, name, numbers, description)
    select rowid, new.name, new.sku || ' ' || new.oem_numbers, new.description
    from parts_search_rows where part_id = new.id and new.archived_at is null;
  insert into parts_numbers (rowid, keys)
    select rowid, ${oemNumberKeys('new.')} from parts_search_rows where part_id = new.id and new.archived_at is null;`;

const SQLITE_DOWN = [
  ...SQLITE_DROP_TRIGGERS,
  `alter table parts add column oem_numbers text not null default '[]'`,
  `update parts set oem_numbers = (
    select json_group_array(json_extract(value, '$.number')) from json_each(parts.cross_references))
    where cross_references <> '[]'`,
  'alter table parts drop column cross_references',
  ...sqliteTriggers('oem_numbers', oemIndexPartAs(isBookableNew)),
  ...sqliteReindex(`parts.sku || ' ' || parts.oem_numbers`, oemNumberKeys('parts.')),
];

/** What PostgreSQL indexes as words (migration 0012): the text with every run of other characters one space. */
const pgWords = (column: string) => `to_tsvector('simple', regexp_replace(lower(${column}), '[^[:alnum:]]+', ' ', 'g'))`;

/** PostgreSQL: the search columns of migration 0012, from the numbers `numbers` (SQL, comma-separated or JSON). */
const pgSearchColumns = (numbers: string, keys: string) => `alter table parts
  add column search_vector tsvector generated always as (
    setweight(${pgWords('name')}, 'A') || setweight(${pgWords(`sku || ' ' || ${numbers}`)}, 'A')
    || setweight(${pgWords('description')}, 'B')) stored,
  add column part_number_keys text generated always as (${keys}) stored`;

const PG_DROP_SEARCH = [
  'drop index if exists parts_number_keys_trgm_idx',
  'drop index if exists parts_search_vector_idx',
  'alter table parts drop column part_number_keys, drop column search_vector',
];

async function pgSearchIndexes(db: Kysely<any>): Promise<void> {
  await sql`create index parts_search_vector_idx on parts using gin (search_vector)`.execute(db);
  const { rows } = await sql<{ n: number }>`select count(*)::int as n from pg_extension where extname = 'pg_trgm'`.execute(db);
  if ((rows[0]?.n ?? 0) > 0) {
    await sql`create index parts_number_keys_trgm_idx on parts using gin (part_number_keys gin_trgm_ops)`.execute(db);
  }
}

const PG_NUMBERS = 'part_cross_reference_numbers(cross_references)';

const POSTGRES_UP = [
  // Immutable: the same text always gives the same numbers, so a generated column may call it.
  `create function part_cross_reference_numbers(refs text) returns text language sql immutable parallel safe as $$
    select coalesce(string_agg(reference.value ->> 'number', ',' order by reference.n), '')
    from jsonb_array_elements(refs::jsonb) with ordinality as reference(value, n)
  $$`,
  // The search columns first, so the update does not compute them again for every part.
  ...PG_DROP_SEARCH,
  `alter table parts add column cross_references text not null default '[]'`,
  `update parts set cross_references = (
    select json_agg(json_build_object('brand', 'OEM', 'number', number.value) order by number.n)::text
    from jsonb_array_elements_text(parts.oem_numbers::jsonb) with ordinality as number(value, n))
    where oem_numbers <> '[]'`,
  'alter table parts drop column oem_numbers',
  pgSearchColumns(PG_NUMBERS, crossReferenceKeys('sku', PG_NUMBERS)),
];

const POSTGRES_DOWN = [
  ...PG_DROP_SEARCH,
  `alter table parts add column oem_numbers text not null default '[]'`,
  `update parts set oem_numbers = (
    select json_agg(reference.value ->> 'number' order by reference.n)::text
    from jsonb_array_elements(parts.cross_references::jsonb) with ordinality as reference(value, n))
    where cross_references <> '[]'`,
  'alter table parts drop column cross_references',
  'drop function part_cross_reference_numbers(text)',
  pgSearchColumns('oem_numbers', oemNumberKeys('')),
];

export async function up(db: Kysely<any>): Promise<void> {
  const sqlite = db.getExecutor().adapter instanceof SqliteAdapter;
  for (const statement of sqlite ? SQLITE_UP : POSTGRES_UP) await sql.raw(statement).execute(db);
  if (!sqlite) await pgSearchIndexes(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  const sqlite = db.getExecutor().adapter instanceof SqliteAdapter;
  for (const statement of sqlite ? SQLITE_DOWN : POSTGRES_DOWN) await sql.raw(statement).execute(db);
  if (!sqlite) await pgSearchIndexes(db);
}
