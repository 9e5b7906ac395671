import { type SelectQueryBuilder, SqliteAdapter, sql } from 'kysely';
import { partNumberKey } from '#shared/pricing';
import { type ListPartsQuery, MAX_STOCK } from '#shared/schemas/parts';
import type { Db } from '../../db/database';
import { inIdOrder } from '../../db/pagination';
import { containsText } from '../../db/search';
import type { Database, NewPartRow, PartRow } from '../../db/schema';

export interface RatingSummary {
  average: number;
  count: number;
}

/** FTS5's trigram index answers only for three characters or more; shorter searches scan. */
const TRIGRAM_MIN_LENGTH = 3;

/** Whether SQLite's trigram table narrows this search (migration 0006). */
function narrowsByTrigrams(db: Db, q: string | undefined): q is string {
  return q !== undefined && [...q].length >= TRIGRAM_MIN_LENGTH && db.getExecutor().adapter instanceof SqliteAdapter;
}

function livePartsMatching(db: Db, q: string | undefined, inStock = false) {
  let query = db.selectFrom('parts').where('archived_at', 'is', null);
  // In stock: the stock covers the minimum order (isInStock in #shared/stock); the minimum is at least 1.
  if (inStock) query = query.where('stock', '>', 0).whereRef('stock', '>=', 'min_order_quantity');
  if (q) {
    // The exact test, the same on both engines; PostgreSQL serves it from pg_trgm indexes (migration 0006).
    query = query.where((eb) => eb.or([containsText('name', q), containsText('description', q)]));
    // On SQLite the trigram table first narrows the rows to those with the text in either column, in
    // any case (a superset of the exact matches: it folds case at least as widely as lower()).
    if (narrowsByTrigrams(db, q)) {
      const phrase = `"${q.toLowerCase().replaceAll('"', '""')}"`;
      query = query.where('id', 'in', sql<string>`(select part_id from parts_search where parts_search match ${phrase})`);
    }
  }
  return query;
}

export async function listLiveParts(
  db: Db,
  { q, sort, inStock, ...page }: ListPartsQuery,
): Promise<{ rows: PartRow[]; total: number }> {
  const base = livePartsMatching(db, q, inStock);
  const ordered = <T extends SelectQueryBuilder<Database, 'parts', object>>(query: T): T => {
    switch (sort) {
      case 'price_asc':
        return query.orderBy('price_cents', 'asc').orderBy('id', 'asc') as T;
      case 'price_desc':
        return query.orderBy('price_cents', 'desc').orderBy('id', 'desc') as T;
      case 'name':
        return query.orderBy('name', 'asc').orderBy('id', 'asc') as T;
      default:
        return query.orderBy('created_at', 'desc').orderBy('id', 'desc') as T;
    }
  };
  const offset = (page.page - 1) * page.limit;
  const countMatches = async () =>
    Number((await base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow()).total);
  let pageIds: string[];
  let total: number;
  if (narrowsByTrigrams(db, q)) {
    // SQLite already gathers every match from the trigram table and sorts them; counting them in the
    // same pass (a window) halves the work of a second query doing it all again (10 ms instead of 19
    // for 5,000 hits among 100,000 parts). Past the last page no row carries the count: count then.
    const found = await ordered(base.select((eb) => ['parts.id', eb.fn.countAll<number>().over().as('total')]))
      .limit(page.limit)
      .offset(offset)
      .execute();
    pageIds = found.map((row) => row.id);
    total = found[0] ? Number(found[0].total) : await countMatches();
  } else {
    // The page's ids come from the sort's index alone (a deep page skips index entries, not rows).
    // Unfiltered, the total is the live-parts counter kept by triggers (migration 0007); a search
    // counts its matches (on PostgreSQL in parallel, on another connection).
    const [ids, counted] = await Promise.all([
      ordered(base.select('parts.id')).limit(page.limit).offset(offset).execute(),
      q || inStock
        ? countMatches()
        : db
            .selectFrom('live_part_count')
            .select('n')
            .executeTakeFirstOrThrow()
            .then((row) => Number(row.n)),
    ]);
    pageIds = ids.map((row) => row.id);
    total = counted;
  }
  // Only the page's rows are read.
  const rows =
    pageIds.length > 0 ? inIdOrder(pageIds, await db.selectFrom('parts').selectAll().where('id', 'in', pageIds).execute()) : [];
  return { rows, total };
}

/**
 * The live parts with the most units in paid orders, most first; while fewer than `limit` have sold,
 * the newest of the others fill the list (a new shop's carousel is never empty).
 *
 * `units_sold` (migration 0006) is kept by a trigger on orders — units in paid, shipped or delivered
 * orders — so this reads one index instead of aggregating every paid order. It is left out of the
 * table types on purpose: nothing but the database writes it.
 */
export async function bestSellingParts(db: Db, limit: number): Promise<PartRow[]> {
  const unitsSold = sql<number>`units_sold`;
  const top = await db
    .selectFrom('parts')
    .selectAll()
    .where('archived_at', 'is', null)
    .where(unitsSold, '>', 0)
    .orderBy(unitsSold, 'desc')
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
  if (top.length >= limit) return top;
  let newest = db.selectFrom('parts').selectAll().where('archived_at', 'is', null);
  if (top.length > 0)
    newest = newest.where(
      'id',
      'not in',
      top.map((row) => row.id),
    );
  const fill = await newest
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit - top.length)
    .execute();
  return [...top, ...fill];
}

export async function findLivePart(db: Db, id: string): Promise<PartRow | undefined> {
  return db.selectFrom('parts').selectAll().where('id', '=', id).where('archived_at', 'is', null).executeTakeFirst();
}

/** The live parts among these ids, by id (one query for every line of an order). */
export async function findLiveParts(db: Db, ids: readonly string[]): Promise<Map<string, PartRow>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await db.selectFrom('parts').selectAll().where('id', 'in', unique).where('archived_at', 'is', null).execute();
  return new Map(rows.map((row) => [row.id, row]));
}

/** These parts, archived or not, by id (a cart shows a part no longer sold as such). */
export async function findPartsByIds(db: Db, ids: readonly string[]): Promise<Map<string, PartRow>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await db.selectFrom('parts').selectAll().where('id', 'in', unique).execute();
  return new Map(rows.map((row) => [row.id, row]));
}

/**
 * The live parts with these part numbers, by the number asked for. A number matches its SKU exactly
 * (stored upper-case), or else whatever its spaces, dots and hyphens (`partNumberKey`).
 */
export async function findLivePartsBySku(db: Db, numbers: readonly string[]): Promise<Map<string, PartRow>> {
  const found = new Map<string, PartRow>();
  const wanted = [...new Set(numbers)];
  if (wanted.length === 0) return found;
  const exact = await db
    .selectFrom('parts')
    .selectAll()
    .where('archived_at', 'is', null)
    .where(
      'sku',
      'in',
      wanted.map((number) => number.toUpperCase()),
    )
    .execute();
  const bySku = new Map(exact.map((row) => [row.sku, row]));
  const missing: string[] = [];
  for (const number of wanted) {
    const row = bySku.get(number.toUpperCase());
    if (row) found.set(number, row);
    else missing.push(number);
  }
  const keys = new Map<string, string[]>();
  for (const number of missing) {
    const key = partNumberKey(number);
    if (key.length > 0) keys.set(key, [...(keys.get(key) ?? []), number]);
  }
  if (keys.size > 0) {
    const loose = await db
      .selectFrom('parts')
      .selectAll()
      .where('archived_at', 'is', null)
      .where(sql<string>`replace(replace(sku, '-', ''), '.', '')`, 'in', [...keys.keys()])
      .execute();
    for (const row of loose) {
      for (const number of keys.get(partNumberKey(row.sku)) ?? []) found.set(number, row);
    }
  }
  return found;
}

/** Rating summaries for a set of parts in one query (no N+1). */
export async function ratingSummaries(db: Db, partIds: readonly string[]): Promise<Map<string, RatingSummary>> {
  const summaries = new Map<string, RatingSummary>();
  if (partIds.length === 0) return summaries;
  const rows = await db
    .selectFrom('reviews')
    .select((eb) => ['part_id', eb.fn.avg<number>('rating').as('average'), eb.fn.countAll<number>().as('count')])
    .where('part_id', 'in', partIds)
    .groupBy('part_id')
    .execute();
  for (const row of rows) {
    if (row.part_id) summaries.set(row.part_id, { average: Math.round(Number(row.average) * 10) / 10, count: Number(row.count) });
  }
  return summaries;
}

/** The part (live or archived) with this SKU, stored upper-case. */
export async function findPartBySku(db: Db, sku: string): Promise<Pick<PartRow, 'id' | 'name'> | undefined> {
  return db.selectFrom('parts').select(['id', 'name']).where('sku', '=', sku).executeTakeFirst();
}

export async function isLivePart(db: Db, id: string): Promise<boolean> {
  const row = await db.selectFrom('parts').select('id').where('id', '=', id).where('archived_at', 'is', null).executeTakeFirst();
  return row !== undefined;
}

export async function insertPart(db: Db, row: NewPartRow): Promise<void> {
  await db.insertInto('parts').values(row).execute();
}

/** Changes a live part; answers the changed row, or undefined when there is no such live part. */
export async function updateLivePart(
  db: Db,
  id: string,
  changes: Partial<Omit<PartRow, 'id' | 'created_at' | 'archived_at'>>,
): Promise<PartRow | undefined> {
  const result = await db
    .updateTable('parts')
    .set(changes)
    .where('id', '=', id)
    .where('archived_at', 'is', null)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0) return undefined;
  return findLivePart(db, id);
}

/** Hides a live part from the shop; answers whether there was one. */
export async function archiveLivePart(db: Db, id: string, now: string): Promise<boolean> {
  const result = await db
    .updateTable('parts')
    .set({ archived_at: now, updated_at: now })
    .where('id', '=', id)
    .where('archived_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Deletes a live part; its reviews go with it (the foreign key cascades, decision 0015). */
export async function deleteLivePart(db: Db, id: string): Promise<boolean> {
  const result = await db.deleteFrom('parts').where('id', '=', id).where('archived_at', 'is', null).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** What an order copies from its part at the moment its stock is reserved. */
export type ReservedPart = Pick<PartRow, 'id' | 'sku' | 'name' | 'image_url' | 'price_cents' | 'price_tiers'>;

/**
 * Reserves `quantity` of a live part's stock for an order in one conditional statement, so concurrent bookings can
 * never oversell: the row lock (PostgreSQL) or the single writer (SQLite) makes the check and the
 * decrement one step. The part's SKU, name, picture, price and tiers come back with it (the row is ours until commit, so that is the price the stock was taken at) —
 * no second read. Answers undefined when the stock was not taken.
 */
export async function reserveStock(trx: Db, partId: string, quantity: number, now: string): Promise<ReservedPart | undefined> {
  return trx
    .updateTable('parts')
    .set({ stock: sql<number>`stock - ${quantity}`, updated_at: now })
    .where('id', '=', partId)
    .where('archived_at', 'is', null)
    .where('stock', '>=', quantity)
    .returning(['id', 'sku', 'name', 'image_url', 'price_cents', 'price_tiers'])
    .executeTakeFirst();
}

/**
 * Gives a cancelled or expired order's quantity back, archived part or not. The stock stays within
 * the range every part form accepts (0 to MAX_STOCK): what would go past the maximum is not added, so
 * the part can still be saved as it is. The maximum is far above any real stock, so only a part
 * already kept at the maximum loses the excess.
 */
export async function releaseStock(trx: Db, partId: string, quantity: number, now: string): Promise<void> {
  await trx
    .updateTable('parts')
    .set({
      stock: sql<number>`case when stock + ${quantity} > ${MAX_STOCK} then ${MAX_STOCK} else stock + ${quantity} end`,
      updated_at: now,
    })
    .where('id', '=', partId)
    .execute();
}
