import { type Expression, type SelectQueryBuilder, type SqlBool, SqliteAdapter, sql } from 'kysely';
import type { PartFacets, PartListFilterName, PartSort } from '#shared/schemas/parts';
import type { Db } from '../../db/database';
import { inIdOrder } from '../../db/pagination';
import type { Database, PartRow } from '../../db/schema';
import {
  alternatives,
  fts5NumberQuery,
  fts5WordsQuery,
  matchesNothing,
  type SearchTerms,
  searchTerms,
  tsWordsQuery,
} from './search-terms';

/**
 * The parts list's one query path on both engines: the search box, the filters, the facets beside
 * the list and the order (docs/shop-rules.md, "Finding parts"; docs/decisions/0019). The search
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
}

export interface FilterNames {
  q: string | undefined;
  category: string | undefined;
  vehicle: string | undefined;
  make: string | undefined;
  year: number | undefined;
  inStock: boolean;
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
    },
    unknown,
  };
}

/** SQL for the `|SKU|OEM|…|` keys of a part, as migration 0012 stores them (PostgreSQL keeps the column). */
function numberKeysOf(db: Db): Expression<string> {
  if (!isSqlite(db)) return sql<string>`part_number_keys`;
  return sql<string>`'|' || upper(replace(replace(replace(replace(replace(replace(replace(sku || ',' || oem_numbers, '[', ''), ']', ''), '"', ''), ' ', ''), '.', ''), '-', ''), ',', '|')) || '|'`;
}

/** The words as PostgreSQL's tsquery, bound as one parameter and parsed by the 'simple' configuration. */
const tsQueryOf = (terms: SearchTerms) => sql`to_tsquery('simple', ${tsWordsQuery(terms.words, terms.knownVariants)})`;

/**
 * On PostgreSQL, the typo variants some part actually has as a word, each looked up alone in the GIN
 * index (about 500 probes for a 10-letter word, tens of milliseconds). Asked all at once, the planner
 * guesses that hundreds of OR-ed words match nearly every part and reads the whole table, testing
 * the long query on each row (seconds at 100,000 parts). SQLite's FTS5 looks each term up in its
 * index anyway, so it asks for them all.
 */
async function withKnownVariants(db: Db, terms: SearchTerms): Promise<SearchTerms> {
  if (isSqlite(db)) return terms;
  const variants = [...new Set(terms.words.flatMap((word) => alternatives(word).exact))];
  if (variants.length === 0) return { ...terms, knownVariants: new Set() };
  const { rows } = await sql<{ variant: string }>`
    select variant from unnest(cast(${variants} as text[])) as asked(variant)
    where exists (select 1 from parts where search_vector @@ to_tsquery('simple', quote_literal(variant)))`.execute(db);
  return { ...terms, knownVariants: new Set(rows.map((row) => row.variant)) };
}

/** Parts the search text finds: every word in the words index, or the number key inside a part number. */
function searchCondition(db: Db, terms: SearchTerms): Expression<SqlBool> {
  if (matchesNothing(terms)) return sql<SqlBool>`1 = 0`;
  const { words, numberKey } = terms;
  if (isSqlite(db)) {
    const sources = [];
    if (words.length > 0) sources.push(sql`select part_id from parts_words where parts_words match ${fts5WordsQuery(words)}`);
    if (numberKey) sources.push(sql`select part_id from parts_numbers where parts_numbers match ${fts5NumberQuery(numberKey)}`);
    // One `in` over a union: the page is then read through the primary key, not by testing every part.
    return sql<SqlBool>`parts.id in (${sql.join(sources, sql` union `)})`;
  }
  const conditions = [];
  if (words.length > 0) conditions.push(sql`search_vector @@ ${tsQueryOf(terms)}`);
  // The key holds only A–Z and 0–9, so it carries no LIKE wildcard.
  if (numberKey) conditions.push(sql`part_number_keys like ${`%${numberKey}%`}`);
  return sql<SqlBool>`(${sql.join(conditions, sql` or `)})`;
}

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
): PartsQuery {
  let query: PartsQuery = db.selectFrom('parts').where('parts.archived_at', 'is', null);
  if (filters.search) query = query.where(searchCondition(db, filters.search));
  if (filters.categoryId !== undefined && !leaveOut.category) query = query.where('parts.category_id', '=', filters.categoryId);
  if (filters.vehicleId !== undefined || filters.make !== undefined || filters.year !== undefined) {
    query = query.where('parts.id', 'in', fitting(db, filters));
  }
  // In stock: the stock covers the minimum order (isInStock in #shared/stock); the minimum is at least 1.
  if (filters.inStock && !leaveOut.inStock)
    query = query.where('parts.stock', '>', 0).whereRef('parts.stock', '>=', 'parts.min_order_quantity');
  return query;
}

type Ordered = SelectQueryBuilder<Database, 'parts', { id: string }>;

/**
 * Best match first: the part whose SKU is the typed number, then one with it as an OEM number, then
 * those with it inside a number, then by the words' rank (SQLite's bm25 with name 10, numbers 8,
 * description 1; PostgreSQL's ts_rank with names and numbers weighted A, descriptions B), then id.
 */
function byRelevance(db: Db, query: Ordered, terms: SearchTerms): Ordered {
  let ordered = query;
  const { numberKey, words } = terms;
  if (numberKey) {
    const keys = numberKeysOf(db);
    const skuKey = sql`upper(replace(replace(replace(parts.sku, ' ', ''), '.', ''), '-', ''))`;
    ordered = ordered.orderBy(
      sql`case when ${skuKey} = ${numberKey} then 0 when ${keys} like ${`%|${numberKey}|%`} then 1 when ${keys} like ${`%${numberKey}%`} then 2 else 3 end`,
    );
  }
  if (words.length > 0) {
    if (isSqlite(db)) {
      // The words' rank comes from the FTS5 hits joined in by findParts; parts found by number alone
      // have none (0, after every word hit: bm25 is negative, lower is better).
      ordered = ordered.orderBy(sql`coalesce(word_hits.text_rank, 0)`);
    } else {
      ordered = ordered.orderBy(sql`ts_rank(search_vector, ${tsQueryOf(terms)})`, 'desc');
    }
  }
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

/**
 * The total and the facets from one grouped query: the parts matching every filter but the category
 * and "in stock only", counted per category, all and bookable. The categories' counts are then each
 * category's (bookable ones under "in stock only"); the total and the in-stock count are the sums over
 * the chosen category (or all). One pass over the matches instead of three.
 */
export async function countMatches(db: Db, filters: PartFilters): Promise<{ total: number; facets: PartFacets }> {
  const bookable = sql<number>`sum(case when parts.stock > 0 and parts.stock >= parts.min_order_quantity then 1 else 0 end)`;
  const groups = await partsMatching(db, filters, { category: true, inStock: true })
    .innerJoin('categories', 'categories.id', 'parts.category_id')
    .select((eb) => [
      'categories.id',
      'categories.slug',
      'categories.name',
      eb.fn.countAll<number>().as('all'),
      bookable.as('bookable'),
    ])
    .groupBy(['categories.id', 'categories.slug', 'categories.name'])
    .orderBy('categories.name', 'asc')
    .execute();
  const counted = groups.map((group) => ({ ...group, all: Number(group.all), bookable: Number(group.bookable) }));
  const countOf = (group: { all: number; bookable: number }) => (filters.inStock ? group.bookable : group.all);
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
 * One page of the live parts matching `filters`, in `sort` order, with the total and the facets
 * (countMatches, run alongside). The page's ids come from the sort's index when there is no search
 * (a deep page skips index entries, not rows). SQLite ranks words by joining the FTS5 hits (bm25 is
 * only known inside the MATCH query).
 */
export async function findParts(
  db: Db,
  filters: PartFilters,
  { sort, page, limit }: { sort: PartSort; page: number; limit: number },
): Promise<FoundParts> {
  const search = filters.search;
  let pageBase = partsMatching(db, filters);
  if (sort === 'relevance' && search !== undefined && search.words.length > 0 && isSqlite(db)) {
    const wordHits = sql<{
      part_id: string;
      text_rank: number;
    }>`(select part_id, bm25(parts_words, 0, 10, 8, 1) as text_rank from parts_words where parts_words match ${fts5WordsQuery(search.words)} limit -1)`;
    // The join adds only `word_hits.text_rank` for the order; the selected columns stay the parts'.
    // `limit -1` (no limit) keeps SQLite from merging the subquery into the join, which would run the
    // full-text query once per part (minutes at 100,000 parts): the hits are gathered once.
    pageBase = pageBase.leftJoin(wordHits.as('word_hits'), (join) =>
      join.onRef('word_hits.part_id', '=', 'parts.id'),
    ) as unknown as PartsQuery;
  }
  const [ids, { total, facets }] = await Promise.all([
    ordered(db, pageBase.select('parts.id'), sort, search)
      .limit(limit)
      .offset((page - 1) * limit)
      .execute(),
    countMatches(db, filters),
  ]);
  const pageIds = ids.map((row) => row.id);
  // Only the page's rows are read.
  const rows =
    pageIds.length > 0 ? inIdOrder(pageIds, await db.selectFrom('parts').selectAll().where('id', 'in', pageIds).execute()) : [];
  return { rows, total, facets };
}
