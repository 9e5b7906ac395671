import { type Expression, type RawBuilder, type SelectQueryBuilder, type SqlBool, SqliteAdapter, sql } from 'kysely';
import type { PartFacets, PartListFilterName, PartSort } from '#shared/schemas/parts';
import type { Db } from '../../db/database';
import type { Database, PartRow } from '../../db/schema';
import { partsInIdOrder } from './parts.repository';
import {
  fts5NumberQuery,
  fts5WordsQuery,
  hasAlternatives,
  matchesNothing,
  narrowedTerms,
  type SearchTerms,
  searchTerms,
  textsToLookUp,
  tsWordsQuery,
  withoutShortWordTypos,
  wordsAsTyped,
} from './search-terms';
import { MAX_VOCABULARY_WORDS } from './search-suggestion';

/**
 * The parts list's one query path on both engines: the search box, the filters, the facets beside
 * the list and the order (docs/shop-rules.md, "Finding parts"; docs/search.md). The search
 * index is the database's own (migration 0012): SQLite's FTS5 tables `parts_words` and
 * `parts_numbers`, PostgreSQL's `search_vector` and `part_number_keys` columns.
 *
 * This is the seam a dedicated search service would take over: `findParts` answers ids in order,
 * a total and the facets for a query; the service presents the rows.
 */

/** What the list is asked for, with names already resolved to ids (resolveFilters). */
export interface PartFilters {
  /** Undefined: no search text. */
  search: SearchTerms | undefined;
  categoryId: string | undefined;
  vehicleId: string | undefined;
  /** A make as typed; matched whatever its case. */
  make: string | undefined;
  year: number | undefined;
  inStock: boolean;
  /** Only the parts in the flash deal (whether it still runs is the service's to say). */
  deal: boolean;
}

export interface FilterNames {
  q: string | undefined;
  category: string | undefined;
  vehicle: string | undefined;
  make: string | undefined;
  year: number | undefined;
  inStock: boolean;
  deal: boolean;
}

type PartsQuery = SelectQueryBuilder<Database, 'parts', object>;

const isSqlite = (db: Db) => db.getExecutor().adapter instanceof SqliteAdapter;

/**
 * The filters with their names looked up: a category slug, vehicle id or make the shop does not
 * have is named in `unknown` (the list is then empty), never an error.
 */
export async function resolveFilters(
  db: Db,
  names: FilterNames,
): Promise<{ filters: PartFilters; unknown: PartListFilterName[] }> {
  const unknown: PartListFilterName[] = [];
  const [category, vehicle, make] = await Promise.all([
    names.category === undefined
      ? undefined
      : db.selectFrom('categories').select('id').where('slug', '=', names.category).executeTakeFirst(),
    names.vehicle === undefined
      ? undefined
      : db.selectFrom('vehicles').select('id').where('id', '=', names.vehicle).executeTakeFirst(),
    names.make === undefined
      ? undefined
      : db
          .selectFrom('vehicles')
          .select('id')
          .where(sql<string>`lower(make)`, '=', names.make.toLowerCase())
          .limit(1)
          .executeTakeFirst(),
  ]);
  if (names.category !== undefined && !category) unknown.push('category');
  if (names.vehicle !== undefined && !vehicle) unknown.push('vehicle');
  if (names.make !== undefined && !make) unknown.push('make');
  return {
    filters: {
      search: names.q === undefined ? undefined : await withKnownVariants(db, searchTerms(names.q)),
      categoryId: category?.id,
      vehicleId: vehicle?.id,
      make: names.make,
      year: names.year,
      inStock: names.inStock,
      deal: names.deal,
    },
    unknown,
  };
}

/**
 * SQL for the `|SKU|NUMBER|…|` keys of a part, its SKU and its cross-references' numbers, as migration
 * 0042 stores them (PostgreSQL keeps the column).
 */
function numberKeysOf(db: Db): Expression<string> {
  if (!isSqlite(db)) return sql<string>`part_number_keys`;
  return sql<string>`'|' || upper(replace(replace(replace(replace(parts.sku || ',' || ${sqliteReferenceNumbers}, ' ', ''), '.', ''), '-', ''), ',', '|')) || '|'`;
}

/** SQLite: the part's cross-reference numbers, comma-separated, in their order ('' for none). */
const sqliteReferenceNumbers = sql`coalesce((select group_concat(json_extract(value, '$.number'), ',') from json_each(parts.cross_references)), '')`;

/** The words as PostgreSQL's tsquery, bound as one parameter and parsed by the 'simple' configuration. */
const tsQueryOf = (terms: SearchTerms) => sql`to_tsquery('simple', ${tsWordsQuery(terms.words)})`;

/**
 * The terms with each word's typos and cuts narrowed to those some part actually has as words, and
 * its joins to those some part has a word starting with, so the search asks for two or three words
 * instead of hundreds (about 500 variants for a 10-letter word; at most MAX_TYPO_VARIANTS a search),
 * in one statement whatever the number of words. SQLite looks them up in the words index's
 * vocabulary (`parts_words_vocab`); PostgreSQL probes its GIN index with each one alone. Asked all
 * at once, PostgreSQL's planner guesses that hundreds of OR-ed words match nearly every part and
 * reads the whole table (seconds at 100,000 parts), and SQLite's FTS5 merges hundreds of mostly
 * empty lists and ranks every hit against each (tens of milliseconds).
 */
async function withKnownVariants(db: Db, terms: SearchTerms): Promise<SearchTerms> {
  const asked = textsToLookUp(terms);
  if (asked.words.length === 0 && asked.starts.length === 0) return terms;
  // A start: every word from it up to it followed by the last code point (terms are compared as UTF-8 bytes).
  const { rows } = isSqlite(db)
    ? await sql<{ kind: 'word' | 'start'; known: string }>`
        select 'word' as kind, term as known from parts_words_vocab
        where term in (select value from json_each(${JSON.stringify(asked.words)}))
        union all
        select 'start' as kind, asked.value as known from json_each(${JSON.stringify(asked.starts)}) as asked
        where exists (select 1 from parts_words_vocab where term >= asked.value and term < asked.value || char(1114111))`.execute(
        db,
      )
    : await sql<{ kind: 'word' | 'start'; known: string }>`
        select 'word' as kind, variant as known from unnest(cast(${asked.words} as text[])) as asked(variant)
        where exists (select 1 from parts where search_vector @@ to_tsquery('simple', quote_literal(variant)))
        union all
        select 'start' as kind, start as known from unnest(cast(${asked.starts} as text[])) as asked(start)
        where exists (select 1 from parts where search_vector @@ to_tsquery('simple', quote_literal(start) || ':*'))`.execute(db);
  const known = (kind: 'word' | 'start') => new Set(rows.filter((row) => row.kind === kind).map((row) => row.known));
  return narrowedTerms(terms, known('word'), known('start'));
}

/** Parts the search text finds: every word in the words index, or the number key inside a part number. */
function searchCondition(db: Db, terms: SearchTerms): Expression<SqlBool> {
  if (matchesNothing(terms)) return sql<SqlBool>`1 = 0`;
  const { words, numberKey } = terms;
  if (isSqlite(db)) {
    const sources = [];
    if (words.length > 0)
      sources.push(
        sql`select hit.part_id from parts_words ${hitRows('parts_words')} where parts_words match ${fts5WordsQuery(words)}`,
      );
    if (numberKey)
      sources.push(
        sql`select hit.part_id from parts_numbers ${hitRows('parts_numbers')} where parts_numbers match ${fts5NumberQuery(numberKey)}`,
      );
    // One `in` over a union: the page is then read through the primary key, not by testing every part.
    return sql<SqlBool>`parts.id in (${sql.join(sources, sql` union `)})`;
  }
  const conditions = [];
  if (words.length > 0) conditions.push(sql`search_vector @@ ${tsQueryOf(terms)}`);
  // The key holds only A–Z and 0–9, so it carries no LIKE wildcard.
  if (numberKey) conditions.push(sql`part_number_keys like ${`%${numberKey}%`}`);
  return sql<SqlBool>`(${sql.join(conditions, sql` or `)})`;
}

/**
 * SQLite: an FTS5 table's hits joined to their parts' rows (migration 0013), as `hit`: the part's id,
 * its category and whether it is bookable.
 */
const hitRows = (table: 'parts_words' | 'parts_numbers') =>
  sql`join parts_search_rows as hit on hit.rowid = ${sql.table(table)}.rowid`;

/** SQLite: the row numbers (in `parts_search_rows`) of the live parts the search text finds. */
function hitRowids(terms: SearchTerms) {
  const sources = [];
  if (terms.words.length > 0)
    sources.push(sql`select rowid from parts_words where parts_words match ${fts5WordsQuery(terms.words)}`);
  if (terms.numberKey)
    sources.push(sql`select rowid from parts_numbers where parts_numbers match ${fts5NumberQuery(terms.numberKey)}`);
  return sql.join(sources, sql` union `);
}

/**
 * SQLite: the conditions on `parts_search_rows as hit` (one row per live part) of the search and the
 * vehicle, and of the category and "in stock only" unless left out (the facets count without them).
 */
function hitConditions(db: Db, filters: PartFilters, leaveOut = { category: true, inStock: true }): RawBuilder<unknown>[] {
  const conditions: RawBuilder<unknown>[] = [sql`1 = 1`];
  if (filters.search)
    conditions.push(matchesNothing(filters.search) ? sql`1 = 0` : sql`hit.rowid in (${hitRowids(filters.search)})`);
  if (fitsAVehicle(filters)) conditions.push(sql`hit.part_id in (${fitting(db, filters)})`);
  if (filters.deal) conditions.push(sql`hit.part_id in (select id from parts where flash_deal_since is not null)`);
  if (filters.categoryId !== undefined && !leaveOut.category) conditions.push(sql`hit.category_id = ${filters.categoryId}`);
  if (filters.inStock && !leaveOut.inStock) conditions.push(sql`hit.bookable = 1`);
  return conditions;
}

/**
 * SQLite: one page of a search in relevance order (byRelevance's), read from the search's rows: the
 * number class (0–2) of the parts the number index finds, computed from their part alone, then the
 * words' bm25, then the id. SQLite keeps only the page's rows while it sorts.
 */
async function relevancePageOnSqlite(
  db: Db,
  filters: PartFilters & { search: SearchTerms },
  { page, limit }: { page: number; limit: number },
): Promise<string[]> {
  const { words, numberKey } = filters.search;
  // The hits are gathered once, each with its words' rank (none when only its number matched), and
  // the search rows joined to them: the full-text query is not run again to test each row.
  const sources = [];
  if (words.length > 0)
    sources.push(sql`select rowid, ${WORDS_RANK} as text_rank from parts_words where parts_words match ${fts5WordsQuery(words)}`);
  if (numberKey)
    sources.push(sql`select rowid, null as text_rank from parts_numbers where parts_numbers match ${fts5NumberQuery(numberKey)}`);
  // `limit -1` (no limit) keeps SQLite from merging the bm25 subquery into the join, which would run
  // the full-text query once per hit; a grouped union is never merged.
  const found =
    sources.length === 1
      ? sql`${sources[0]} limit -1`
      : sql`select rowid, min(text_rank) as text_rank from (${sql.join(sources, sql` union all `)}) group by rowid`;
  // A bare number in ORDER BY names a column: the terms that do not apply are left out, not made constant.
  const order = [];
  if (numberKey)
    order.push(sql`case when hit.rowid in (select rowid from parts_numbers where parts_numbers match ${fts5NumberQuery(numberKey)})
        then (select ${numberClassOf(db, numberKey)} from parts where parts.id = hit.part_id)
        else 3 end`);
  // The parts with the words as typed before those found only through a typo, a cut or a join.
  if (hasAlternatives(filters.search))
    order.push(sql`case when hit.rowid in (select rowid from parts_words where parts_words match ${fts5WordsQuery(wordsAsTyped(words.map((word) => word.text)))})
        then 0 else 1 end`);
  if (words.length > 0) order.push(sql`coalesce(found.text_rank, 0)`);
  order.push(sql`hit.part_id`);
  const others = hitConditions(db, { ...filters, search: undefined }, { category: false, inStock: false });
  const { rows } = await sql<{ id: string }>`
    select hit.part_id as id from (${found}) as found join parts_search_rows as hit on hit.rowid = found.rowid
    where ${sql.join(others, sql` and `)}
    order by ${sql.join(order, sql`, `)}
    limit ${limit} offset ${(page - 1) * limit}`.execute(db);
  return rows.map((row) => row.id);
}

/**
 * SQLite's rank of a words hit: bm25 with the name weighing 10, the part numbers 8 and the description 1.
 */
const WORDS_RANK = sql<number>`bm25(parts_words, 10, 8, 1)`;

const fitsAVehicle = (filters: PartFilters) =>
  filters.vehicleId !== undefined || filters.make !== undefined || filters.year !== undefined;

/** The fitment rows of the vehicle (or make) filter, in its year when one is given. */
function fitting(db: Db, filters: PartFilters) {
  let rows = db.selectFrom('part_fitments').select('part_fitments.part_id');
  if (filters.vehicleId !== undefined) rows = rows.where('part_fitments.vehicle_id', '=', filters.vehicleId);
  if (filters.make !== undefined) {
    const make = filters.make.toLowerCase();
    rows = rows.where(
      'part_fitments.vehicle_id',
      'in',
      db
        .selectFrom('vehicles')
        .select('id')
        .where(sql<string>`lower(make)`, '=', make),
    );
  }
  if (filters.year !== undefined)
    rows = rows.where('part_fitments.year_from', '<=', filters.year).where('part_fitments.year_to', '>=', filters.year);
  return rows;
}

/**
 * The live parts matching every filter but those left out (the facets count each one without its
 * own filter). A part fitting a vehicle twice is one part: fitments are tested with `in`, not joined.
 */
export function partsMatching(
  db: Db,
  filters: PartFilters,
  leaveOut: { category?: boolean; inStock?: boolean } = {},
  { fitmentsPerPart = false } = {},
): PartsQuery {
  let query: PartsQuery = db.selectFrom('parts').where('parts.archived_at', 'is', null);
  if (filters.search) query = query.where(searchCondition(db, filters.search));
  if (filters.categoryId !== undefined && !leaveOut.category) query = query.where('parts.category_id', '=', filters.categoryId);
  if (fitsAVehicle(filters)) {
    // Per part: each part the order's index reads is tested against its own fitments (see pageOfCommonFits).
    if (fitmentsPerPart)
      query = query.where(({ exists }) =>
        exists(fitting(db, filters).where('part_fitments.part_id', '=', sql.ref<string>('parts.id'))),
      );
    else query = query.where('parts.id', 'in', fitting(db, filters));
  }
  // The deal's few parts, from their partial index (migration 0027).
  if (filters.deal) query = query.where('parts.flash_deal_since', 'is not', null);
  // In stock: the stock covers the minimum order (isInStock in #shared/stock), so the part is not one
  // of the live parts whose stock does not (unbookable_parts, kept by triggers: migrations 0019, 0020).
  if (filters.inStock && !leaveOut.inStock)
    query = query.where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom('unbookable_parts').select('part_id').whereRef('unbookable_parts.part_id', '=', 'parts.id'))),
    );
  return query;
}

type Ordered = SelectQueryBuilder<Database, 'parts', { id: string }>;

/**
 * Best match first: the part whose SKU is the typed number, then one with it as a cross-reference number, then
 * those with it inside a number, then by the words' rank (ts_rank, names and numbers weighted A,
 * descriptions B), then id. PostgreSQL's order; SQLite's, the same with bm25, is relevancePageOnSqlite.
 */
/** How the part (`parts`) matches the typed number: 0 its SKU, 1 a cross-reference number, 2 inside a number, 3 not at all. */
function numberClassOf(db: Db, numberKey: string) {
  const keys = numberKeysOf(db);
  const skuKey = sql`upper(replace(replace(replace(parts.sku, ' ', ''), '.', ''), '-', ''))`;
  return sql<number>`case when ${skuKey} = ${numberKey} then 0 when ${keys} like ${`%|${numberKey}|%`} then 1 when ${keys} like ${`%${numberKey}%`} then 2 else 3 end`;
}

function byRelevance(db: Db, query: Ordered, terms: SearchTerms): Ordered {
  let ordered = query;
  const { numberKey, words } = terms;
  if (numberKey) ordered = ordered.orderBy(numberClassOf(db, numberKey));
  if (hasAlternatives(terms))
    ordered = ordered.orderBy(
      sql`case when search_vector @@ to_tsquery('simple', ${tsWordsQuery(wordsAsTyped(words.map((word) => word.text)))}) then 0 else 1 end`,
    );
  if (words.length > 0) ordered = ordered.orderBy(sql`ts_rank(search_vector, ${tsQueryOf(terms)})`, 'desc');
  return ordered.orderBy('parts.id', 'asc');
}

function ordered(db: Db, query: Ordered, sort: PartSort, search: SearchTerms | undefined): Ordered {
  switch (sort) {
    case 'price_asc':
      return query.orderBy('parts.price_cents', 'asc').orderBy('parts.id', 'asc');
    case 'price_desc':
      return query.orderBy('parts.price_cents', 'desc').orderBy('parts.id', 'desc');
    case 'name':
      return query.orderBy('parts.name', 'asc').orderBy('parts.id', 'asc');
    case 'relevance':
      if (search && !matchesNothing(search)) return byRelevance(db, query, search);
      // Without a search there is nothing to be relevant to: newest first.
      return query.orderBy('parts.created_at', 'desc').orderBy('parts.id', 'desc');
    default:
      return query.orderBy('parts.created_at', 'desc').orderBy('parts.id', 'desc');
  }
}

export interface FoundParts {
  rows: PartRow[];
  total: number;
  facets: PartFacets;
}

interface CategoryGroup {
  id: string;
  slug: string;
  name: string;
  /** The matching parts of the category. */
  all: number;
  /** Those of them whose stock covers their minimum order. */
  bookable: number;
}

/** In stock: the part is not among unbookable_parts (migration 0019), joined as `unbookable_part`. */
const bookableCase = sql<number>`case when unbookable_part.part_id is null then 1 else 0 end`;

/**
 * Each category's live parts, all and bookable, without counting them: the live counts are kept by
 * triggers (category_part_counts, migration 0013) and the parts that are not bookable from their own
 * small table (unbookable_parts, migration 0019).
 */
async function everyPartByCategory(db: Db): Promise<CategoryGroup[]> {
  const unbookable = db
    .selectFrom('unbookable_parts')
    .select(['unbookable_parts.category_id', (eb) => eb.fn.countAll<number>().as('n')])
    .groupBy('unbookable_parts.category_id')
    .as('unbookable');
  const rows = await db
    .selectFrom('categories')
    .innerJoin('category_part_counts as counts', 'counts.category_id', 'categories.id')
    .leftJoin(unbookable, 'unbookable.category_id', 'categories.id')
    .select([
      'categories.id',
      'categories.slug',
      'categories.name',
      'counts.live as all',
      sql<number>`counts.live - coalesce(unbookable.n, 0)`.as('bookable'),
    ])
    .orderBy('categories.name', 'asc')
    .execute();
  return rows.map((row) => ({ ...row, all: Number(row.all), bookable: Number(row.bookable) }));
}

/** The parts matching every filter but the category and "in stock only", counted per category. */
async function matchesByCategory(db: Db, filters: PartFilters): Promise<CategoryGroup[]> {
  const narrowed = filters.search !== undefined || fitsAVehicle(filters) || filters.deal;
  if (!narrowed) return everyPartByCategory(db);
  if (isSqlite(db)) {
    // The search's rows hold each live part's category and whether it is bookable: no part is read.
    const { rows } = await sql<CategoryGroup>`
      select categories.id, categories.slug, categories.name, count(*) as "all", sum(hit.bookable) as bookable
      from parts_search_rows as hit join categories on categories.id = hit.category_id
      where ${sql.join(hitConditions(db, filters), sql` and `)}
      group by categories.id, categories.slug, categories.name
      order by categories.name`.execute(db);
    return rows.map((row) => ({ ...row, all: Number(row.all), bookable: Number(row.bookable) }));
  }
  const rows = await partsMatching(db, filters, { category: true, inStock: true })
    .innerJoin('categories', 'categories.id', 'parts.category_id')
    .leftJoin('unbookable_parts as unbookable_part', 'unbookable_part.part_id', 'parts.id')
    .select((eb) => [
      'categories.id',
      'categories.slug',
      'categories.name',
      eb.fn.countAll<number>().as('all'),
      eb.fn.sum<number>(bookableCase).as('bookable'),
    ])
    .groupBy(['categories.id', 'categories.slug', 'categories.name'])
    .orderBy('categories.name', 'asc')
    .execute();
  return rows.map((row) => ({ ...row, all: Number(row.all), bookable: Number(row.bookable) }));
}

/**
 * The total and the facets from the per-category counts of the parts matching every filter but the
 * category and "in stock only". The categories' counts are then each category's (bookable ones under
 * "in stock only"); the total and the in-stock count are the sums over the chosen category (or all).
 * One pass over the matches instead of three, and none at all without a search or a vehicle.
 */
export async function countMatches(db: Db, filters: PartFilters): Promise<{ total: number; facets: PartFacets }> {
  return countsOf(await matchesByCategory(db, filters), filters);
}

function countsOf(counted: CategoryGroup[], filters: PartFilters): { total: number; facets: PartFacets } {
  const countOf = (group: CategoryGroup) => (filters.inStock ? group.bookable : group.all);
  const chosen = filters.categoryId === undefined ? counted : counted.filter((group) => group.id === filters.categoryId);
  return {
    total: chosen.reduce((sum, group) => sum + countOf(group), 0),
    facets: {
      categories: counted
        .filter((group) => countOf(group) > 0)
        .map((group) => ({ slug: group.slug, name: group.name, count: countOf(group) })),
      inStock: chosen.reduce((sum, group) => sum + group.bookable, 0),
    },
  };
}

/**
 * The catalogue's words for "Did you mean" (search-suggestion.ts), the most common first: those of
 * the live parts' words index that start with a letter (part numbers' digits are never suggested),
 * at most MAX_VOCABULARY_WORDS. One statement reading the whole term list (about 80 ms at 100,000
 * parts on SQLite, whose fts5vocab counts each word's parts), made at most every ten minutes.
 */
export async function readSearchVocabulary(db: Db): Promise<string[]> {
  const { rows } = isSqlite(db)
    ? // Terms compare as UTF-8 bytes: from "a" on, digits come before.
      await sql<{ word: string }>`
        select term as word from parts_words_vocab where term >= 'a' order by doc desc, term limit ${MAX_VOCABULARY_WORDS}`.execute(
        db,
      )
    : await sql<{ word: string }>`
        select word from ts_stat('select search_vector from parts where archived_at is null')
        where word !~ '^[0-9]' order by ndoc desc, word limit ${MAX_VOCABULARY_WORDS}`.execute(db);
  return rows.map((row) => row.word);
}

/** Whether the words, each matched as typed (a prefix), find a part under the other filters: one statement. */
export async function wordsFindParts(db: Db, filters: PartFilters, words: readonly string[]): Promise<boolean> {
  const search: SearchTerms = { words: wordsAsTyped(words), numberKey: undefined };
  const row = await partsMatching(db, { ...filters, search })
    .select('parts.id')
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * One page of the live parts matching `filters`, in `sort` order, with the total and the facets. A
 * short word's typos (typosOnlyIfNothingFound) are tried only when the search finds nothing without
 * them: a second try, never a third.
 *
 * Two queries: the page's ids and the counts (countMatches), alongside. On SQLite a search in
 * relevance order, and the counts of a search or a vehicle, are read from the search's rows
 * (`parts_search_rows`: each live part's category and whether it is bookable) without reading the
 * parts; sorting thousands of hits there with only the page kept costs less than carrying them to the
 * app (about three times less at 5,000). Otherwise the page's ids come from the sort's index (a deep
 * page skips index entries, not rows); SQLite then ranks words by joining the FTS5 hits (bm25 is only
 * known inside the MATCH query).
 */
export async function findParts(
  db: Db,
  filters: PartFilters,
  order: { sort: PartSort; page: number; limit: number },
): Promise<FoundParts> {
  const search = filters.search;
  if (!search?.words.some((word) => word.typosOnlyIfNothingFound && word.typos.length > 0)) return findPage(db, filters, order);
  const found = await findPage(db, { ...filters, search: withoutShortWordTypos(search) }, order);
  return found.total > 0 ? found : findPage(db, filters, order);
}

async function findPage(
  db: Db,
  filters: PartFilters,
  { sort, page, limit }: { sort: PartSort; page: number; limit: number },
): Promise<FoundParts> {
  const search = filters.search;
  if (sort === 'relevance' && search !== undefined && !matchesNothing(search) && isSqlite(db)) {
    const [ids, counts] = await Promise.all([
      relevancePageOnSqlite(db, { ...filters, search }, { page, limit }),
      countMatches(db, filters),
    ]);
    return { rows: await partsInIdOrder(db, ids), ...counts };
  }
  if (sort === 'relevance' && search !== undefined && !matchesNothing(search))
    return relevancePageOnPostgres(db, { ...filters, search }, { page, limit });
  if (isSqlite(db) && fitsAVehicle(filters) && search === undefined && !filters.deal)
    return pageOfCommonFits(db, filters, { sort, page, limit });
  const pageBase = partsMatching(db, filters);
  const [ids, { total, facets }] = await Promise.all([
    ordered(db, pageBase.select('parts.id'), sort, search)
      .limit(limit)
      .offset((page - 1) * limit)
      .execute(),
    countMatches(db, filters),
  ]);
  return {
    rows: await partsInIdOrder(
      db,
      ids.map((row) => row.id),
    ),
    total,
    facets,
  };
}

/**
 * SQLite: a page tested part by part walks at most this many parts in the order's index (a few
 * milliseconds); a page further away, or of rarer fits, is read from the gathered fitting parts.
 */
const MAX_PARTS_WALKED = 2_000;

/**
 * The parts list filtered by vehicle, make or year on SQLite. SQLite gathers the fitting parts into a
 * temporary index and reads each one before it sorts them: for a common make in a year, tens of
 * thousands of fitments (35,500 in the scale bench), gathered for the counts and again for the page.
 * When parts fit often, walking the order's index and testing each part's own fitments finds the page
 * after a few hundred parts instead. The counts come first and say which way is cheaper: the walk
 * reads about the page's end times the live parts over the matching ones.
 */
async function pageOfCommonFits(
  db: Db,
  filters: PartFilters,
  { sort, page, limit }: { sort: PartSort; page: number; limit: number },
): Promise<FoundParts> {
  const counts = await countMatches(db, filters);
  if (counts.total === 0) return { rows: [], ...counts };
  let live = db
    .selectFrom('category_part_counts')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('live'), eb.lit(0)).as('live'));
  if (filters.categoryId !== undefined) live = live.where('category_id', '=', filters.categoryId);
  const { live: liveParts } = await live.executeTakeFirstOrThrow();
  const walked = (page * limit * Number(liveParts)) / counts.total;
  const ids = await ordered(
    db,
    partsMatching(db, filters, {}, { fitmentsPerPart: walked <= MAX_PARTS_WALKED }).select('parts.id'),
    sort,
    undefined,
  )
    .limit(limit)
    .offset((page - 1) * limit)
    .execute();
  return {
    rows: await partsInIdOrder(
      db,
      ids.map((row) => row.id),
    ),
    ...counts,
  };
}

/**
 * PostgreSQL: a search's page in relevance order and its counts in one statement. The hits are
 * found once (the words' GIN index, then each hit's row for its rank and category), kept, and both
 * the page and the per-category counts read them: as two statements each found and read the same
 * thousands of rows.
 */
async function relevancePageOnPostgres(
  db: Db,
  filters: PartFilters & { search: SearchTerms },
  { page, limit }: { page: number; limit: number },
): Promise<FoundParts> {
  const { words, numberKey } = filters.search;
  const order: RawBuilder<unknown>[] = [];
  if (numberKey) order.push(sql`${numberClassOf(db, numberKey)}`);
  if (hasAlternatives(filters.search))
    order.push(
      sql`case when search_vector @@ to_tsquery('simple', ${tsWordsQuery(wordsAsTyped(words.map((word) => word.text)))}) then 0 else 1 end`,
    );
  if (words.length > 0) order.push(sql`-ts_rank(search_vector, ${tsQueryOf(filters.search)})`);
  const ranks = order.map((term, index) => term.as(`rank_${index}`));
  const hits = partsMatching(db, filters, { category: true, inStock: true })
    .leftJoin('unbookable_parts as unbookable_part', 'unbookable_part.part_id', 'parts.id')
    .select(['parts.id', 'parts.category_id', bookableCase.as('bookable'), ...ranks]);
  const onPage = [sql`true`];
  if (filters.categoryId !== undefined) onPage.push(sql`category_id = ${filters.categoryId}`);
  if (filters.inStock) onPage.push(sql`bookable = 1`);
  const pageOrder = [...order.map((_, index) => sql.ref(`rank_${index}`)), sql.ref('id')];
  const { rows } = await sql<{ id: string | null; slug: string | null; name: string | null; all: string; bookable: string }>`
    with hits as materialized (${hits})
    select * from (
      select id, null as slug, null as name, 0 as "all", 0 as bookable
      from hits where ${sql.join(onPage, sql` and `)}
      order by ${sql.join(pageOrder, sql`, `)}
      limit ${limit} offset ${(page - 1) * limit}
    ) as page
    union all
    select categories.id, categories.slug, categories.name, count(*), sum(hits.bookable)
    from hits join categories on categories.id = hits.category_id
    group by categories.id, categories.slug, categories.name`.execute(db);
  const ids = rows.filter((row) => row.slug === null).map((row) => row.id ?? '');
  const groups = rows
    .filter((row) => row.slug !== null)
    .map((row) => ({
      id: row.id ?? '',
      slug: row.slug ?? '',
      name: row.name ?? '',
      all: Number(row.all),
      bookable: Number(row.bookable),
    }))
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  return { rows: await partsInIdOrder(db, ids), ...countsOf(groups, filters) };
}
