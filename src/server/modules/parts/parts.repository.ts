import { sql } from 'kysely';
import { type FlashDealTerms, partNumberKey } from '#shared/pricing';
import type { CrossReference } from '#shared/schemas/catalogue';
import { DEFAULT_DEAL_PERCENT } from '#shared/schemas/content';
import { lowStockLine } from '#shared/stock';
import { MAX_STOCK } from '#shared/schemas/parts';
import { type Db, isPostgres } from '../../db/database';
import { inIdOrder } from '../../db/pagination';
import type { NewPartRow, PartRow, PartsTable } from '../../db/schema';

/**
 * The columns a part is read with: each of `PartsTable`'s, by name, and its stock from `part_stock`
 * (migration 0020). `*` would bring too what the database keeps for itself on PostgreSQL —
 * `search_vector` (a demo part's tsvector is half its row written out as text), `part_number_keys`
 * and `units_sold` — which every read of a part then paid for twice, PostgreSQL writing them out and
 * the server parsing them, though no reader of a part uses them. A column added to the table is read
 * once it is added to the type.
 */
const EVERY_PART_COLUMN: { [column in keyof PartsTable]-?: true } = {
  id: true,
  name: true,
  description: true,
  price_cents: true,
  min_order_quantity: true,
  image_url: true,
  created_at: true,
  updated_at: true,
  archived_at: true,
  sku: true,
  category_id: true,
  cross_references: true,
  pack_size: true,
  price_tiers: true,
  low_stock_threshold: true,
  flash_deal_since: true,
  core_charge_cents: true,
};
export const PART_COLUMNS = [
  ...(Object.keys(EVERY_PART_COLUMN) as (keyof PartsTable)[]).map((column) => `parts.${column}` as const),
  'part_stock.stock' as const,
];

/**
 * A part's cross-references as stored in `parts.cross_references` (JSON `[{brand, number}]`, migration
 * 0042); anything else reads as none. The search index reads the numbers from the column itself.
 */
export function crossReferencesOf(row: Pick<PartRow, 'cross_references'>): CrossReference[] {
  try {
    const value: unknown = JSON.parse(row.cross_references);
    if (!Array.isArray(value)) return [];
    return value.flatMap((item: unknown) => {
      const { brand, number } = (item ?? {}) as Partial<Record<'brand' | 'number', unknown>>;
      return typeof brand === 'string' && typeof number === 'string' ? [{ brand, number }] : [];
    });
  } catch {
    return [];
  }
}

/** The column's text for these cross-references (checked by crossReferencesSchema), in their order. */
export function crossReferencesText(references: readonly CrossReference[]): string {
  return JSON.stringify(references.map(({ brand, number }) => ({ brand, number })));
}

/** The parts with their stock, for a read of `PART_COLUMNS`. */
export const partsWithStock = (db: Db) => db.selectFrom('parts').innerJoin('part_stock', 'part_stock.part_id', 'parts.id');

/**
 * The parts of these ids with their stock, in the ids' order. A list picked from an index in its own
 * order (the best sellers, a page of the list) is read this way, its ids first: joined before its
 * limit, SQLite planned the best sellers from the stock table and sorted every part (15 ms at
 * 100,000 parts where the index gives them in 0.5).
 */
export async function partsInIdOrder(db: Db, ids: readonly string[]): Promise<PartRow[]> {
  if (ids.length === 0) return [];
  return inIdOrder(ids, await partsWithStock(db).select(PART_COLUMNS).where('parts.id', 'in', ids).execute());
}

export interface RatingSummary {
  average: number;
  count: number;
}

/**
 * The live parts with the most units in paid orders, most first; while fewer than `limit` have sold,
 * the newest of the others fill the list (a new shop's carousel is never empty).
 *
 * `units_sold` (migration 0006) is kept by a trigger on orders — units in paid, shipped or delivered
 * orders — so this reads one index instead of aggregating every paid order. It is left out of the
 * table types on purpose: nothing but the database writes it.
 */
const unitsSold = sql<number>`units_sold`;

/** The live parts that have sold, most units first (the order of `parts_live_sold_idx`). */
const partsBySales = (db: Db, limit: number) =>
  db
    .selectFrom('parts')
    .where('archived_at', 'is', null)
    .where(unitsSold, '>', 0)
    .orderBy(unitsSold, 'desc')
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit);

export async function bestSellingParts(db: Db, limit: number): Promise<PartRow[]> {
  const top = (await partsBySales(db, limit).select('id').execute()).map((row) => row.id);
  if (top.length < limit) {
    let newest = db.selectFrom('parts').select('id').where('archived_at', 'is', null);
    if (top.length > 0) newest = newest.where('id', 'not in', top);
    const fill = await newest
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(limit - top.length)
      .execute();
    top.push(...fill.map((row) => row.id));
  }
  return partsInIdOrder(db, top);
}

/** The live parts with the most units sold (at least one), most first: the admin overview's best sellers. */
export async function topSellingParts(
  db: Db,
  limit: number,
): Promise<{ id: string; name: string; sku: string; units_sold: number }[]> {
  const rows = await partsBySales(db, limit)
    .select(['id', 'name', 'sku', unitsSold.as('units_sold')])
    .execute();
  return rows.map((row) => ({ ...row, units_sold: Number(row.units_sold) }));
}

/**
 * The live parts whose stock is under their low-stock line (#shared/stock), fewest first: read in
 * stock order from low_stock_parts, the small table of just those that triggers keep (migration 0019).
 */
export function lowStockPartsQuery(db: Db, limit: number) {
  return db
    .selectFrom('low_stock_parts as low')
    .innerJoin('parts', 'parts.id', 'low.part_id')
    .innerJoin('part_stock', 'part_stock.part_id', 'low.part_id')
    .select(PART_COLUMNS)
    .orderBy('low.stock', 'asc')
    .orderBy('low.part_id', 'asc')
    .limit(limit);
}

export async function lowStockParts(db: Db, limit: number): Promise<PartRow[]> {
  return lowStockPartsQuery(db, limit).execute();
}

export async function findLivePart(db: Db, id: string): Promise<PartRow | undefined> {
  return partsWithStock(db).select(PART_COLUMNS).where('id', '=', id).where('archived_at', 'is', null).executeTakeFirst();
}

/** The live parts among these ids, by id (one query for every line of an order; a booking's first). */
export async function findLiveParts(db: Db, ids: readonly string[]): Promise<Map<string, PartRow>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await partsWithStock(db).select(PART_COLUMNS).where('id', 'in', unique).where('archived_at', 'is', null).execute();
  return new Map(rows.map((row) => [row.id, row]));
}

/**
 * The live parts among these ids with their flash deal's terms, read in the one statement a booking
 * reads before it writes (the terms are the settings' columns, joined for this read: docs/decisions/
 * 0017-modules-and-events.md). A shop never configured has a deal that has ended.
 */
const livePartsAndDeal = (db: Db, ids: string[]) =>
  partsWithStock(db)
    .select(PART_COLUMNS)
    .select((eb) => [
      eb.selectFrom('settings').select('settings.flash_deal_percent').where('settings.id', '=', 1).as('deal_percent'),
      eb.selectFrom('settings').select('settings.flash_deal_ends_at').where('settings.id', '=', 1).as('deal_ends_at'),
    ])
    .where('id', 'in', ids)
    .where('archived_at', 'is', null);

export async function findLivePartsAndDeal(
  db: Db,
  ids: readonly string[],
): Promise<{ parts: Map<string, PartRow>; deal: FlashDealTerms }> {
  const unique = [...new Set(ids)];
  const rows = unique.length === 0 ? [] : await livePartsAndDeal(db, unique).execute();
  const terms = rows[0];
  const deal = {
    percent: terms?.deal_percent == null ? DEFAULT_DEAL_PERCENT : Number(terms.deal_percent),
    endsAt: terms?.deal_ends_at ?? new Date(0).toISOString(),
  };
  return { parts: new Map(rows.map(({ deal_percent: _p, deal_ends_at: _e, ...row }) => [row.id, row])), deal };
}

/** These parts, archived or not, by id (a cart shows a part no longer sold as such). */
export async function findPartsByIds(db: Db, ids: readonly string[]): Promise<Map<string, PartRow>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await partsWithStock(db).select(PART_COLUMNS).where('id', 'in', unique).execute();
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
  const exact = await partsWithStock(db)
    .select(PART_COLUMNS)
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
    const loose = await partsWithStock(db)
      .select(PART_COLUMNS)
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

/** Writes a part and its stock (within the caller's transaction: a part is never without its stock). */
export async function insertPart(db: Db, { stock, ...row }: NewPartRow): Promise<void> {
  await db.insertInto('parts').values(row).execute();
  await db.insertInto('part_stock').values({ part_id: row.id, stock }).execute();
}

/**
 * Locks the part's stock row (PostgreSQL; SQLite has one writer) before a change of the part itself,
 * which triggers read with the stock (migration 0020): a booking of the part waits for the change,
 * or the change for the booking, so neither places the part from what the other is changing.
 */
async function lockStockOf(db: Db, id: string): Promise<void> {
  if (isPostgres(db)) await db.selectFrom('part_stock').select('part_id').where('part_id', '=', id).forUpdate().execute();
}

/** Changes a live part; answers the changed row, or undefined when there is no such live part. */
export async function updateLivePart(
  db: Db,
  id: string,
  { stock, ...changes }: Partial<Omit<PartRow, 'id' | 'created_at' | 'archived_at'>> & { updated_at: string },
): Promise<PartRow | undefined> {
  await lockStockOf(db, id);
  const result = await db
    .updateTable('parts')
    .set(changes)
    .where('id', '=', id)
    .where('archived_at', 'is', null)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0) return undefined;
  if (stock !== undefined) await db.updateTable('part_stock').set({ stock }).where('part_id', '=', id).execute();
  return findLivePart(db, id);
}

/** The live parts in the flash deal, by name (a handful: `parts_flash_deal_idx` holds them). */
export async function flashDealParts(db: Db): Promise<Pick<PartRow, 'id' | 'sku' | 'name'>[]> {
  return db
    .selectFrom('parts')
    .select(['id', 'sku', 'name'])
    .where('flash_deal_since', 'is not', null)
    .where('archived_at', 'is', null)
    .orderBy('name')
    .orderBy('id')
    .execute();
}

/**
 * Makes `ids` the flash deal's parts, in the caller's transaction: those leaving it are taken out,
 * those joining it are marked with `now`, those staying keep their time. Answers the ids that are not
 * live parts, and then changes nothing.
 */
export async function replaceFlashDealParts(trx: Db, ids: readonly string[], now: string): Promise<string[]> {
  const wanted = [...new Set(ids)];
  const live =
    wanted.length === 0
      ? new Set<string>()
      : new Set(
          (await trx.selectFrom('parts').select('id').where('id', 'in', wanted).where('archived_at', 'is', null).execute()).map(
            (row) => row.id,
          ),
        );
  const unknown = wanted.filter((id) => !live.has(id));
  if (unknown.length > 0) return unknown;
  let leaving = trx.updateTable('parts').set({ flash_deal_since: null }).where('flash_deal_since', 'is not', null);
  if (wanted.length > 0) leaving = leaving.where('id', 'not in', wanted);
  await leaving.execute();
  if (wanted.length > 0) {
    await trx
      .updateTable('parts')
      .set({ flash_deal_since: now })
      .where('id', 'in', wanted)
      .where('flash_deal_since', 'is', null)
      .execute();
  }
  return [];
}

/** Hides a live part from the shop; answers whether there was one. */
export async function archiveLivePart(db: Db, id: string, now: string): Promise<boolean> {
  await lockStockOf(db, id);
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

/** What an order copies from its part at the moment its stock is reserved (whether the part is in the flash deal prices it too). */
export type ReservedPart = Pick<
  PartRow,
  | 'id'
  | 'sku'
  | 'name'
  | 'image_url'
  | 'price_cents'
  | 'price_tiers'
  | 'stock'
  | 'min_order_quantity'
  | 'low_stock_threshold'
  | 'flash_deal_since'
  | 'core_charge_cents'
>;

/** What an order copies from the live parts whose stock it took. */
const reservedParts = (trx: Db, ids: readonly string[]) =>
  trx
    .selectFrom('parts')
    .select([
      'id',
      'sku',
      'name',
      'image_url',
      'price_cents',
      'price_tiers',
      'min_order_quantity',
      'low_stock_threshold',
      'flash_deal_since',
      'core_charge_cents',
    ])
    .where('id', 'in', [...ids])
    .where('archived_at', 'is', null);

/** The stock under which a part's row is low (`lowStockLine`). */
export function lowStockLineOf(part: Pick<PartRow, 'min_order_quantity' | 'low_stock_threshold'>): number {
  return lowStockLine({ minOrderQuantity: part.min_order_quantity, lowStockThreshold: part.low_stock_threshold });
}

/** Parts' stock locked in id order (PostgreSQL): two orders of the same parts wait for each other instead of deadlocking. */
function lockedInIdOrder(trx: Db, ids: readonly string[]) {
  return trx
    .selectFrom('part_stock')
    .select('part_id')
    .where('part_id', 'in', [...ids])
    .orderBy('part_id')
    .forUpdate();
}

/**
 * Reserves each line's quantity of its live part's stock for an order (no part twice), all or none to
 * the caller: answers each line's reserved part, or undefined for a line whose stock was not taken
 * (the caller rolls back). Every line's stock is taken in one conditional statement, so concurrent
 * bookings never oversell: the row locks (PostgreSQL) or the single writer (SQLite) make each check
 * and decrement one step. On PostgreSQL that statement first locks the stocks' rows in part id order,
 * as every order does, so two orders of the same parts wait for each other instead of deadlocking.
 *
 * Then, the stocks' rows ours until commit, the parts' SKU, name, picture, price and tiers are read in
 * a statement of their own: an admin's change of a part locks its stock's row first
 * (`updateLivePart`), so a booking that waited for one reads the part as it was changed, and that is
 * the price the stock was taken at. Two statements whatever the number of lines.
 */
export async function reserveStocks(
  trx: Db,
  lines: readonly { partId: string; quantity: number }[],
): Promise<(ReservedPart | undefined)[]> {
  let take = trx
    .with(
      'wanted(id, quantity)',
      () =>
        sql<{ id: string; quantity: number }>`(values ${sql.join(
          lines.map((line) => sql`(${line.partId}, cast(${line.quantity} as integer))`),
        )})`,
    )
    .updateTable('part_stock')
    .from('wanted')
    .set({ stock: sql<number>`part_stock.stock - wanted.quantity` })
    .whereRef('part_stock.part_id', '=', 'wanted.id')
    .whereRef('part_stock.stock', '>=', 'wanted.quantity');
  // The update takes a row's lock as it meets the row; the locks of several are taken in id order by
  // the subquery first. One row cannot deadlock with itself, nor can SQLite's single writer.
  if (lines.length > 1 && isPostgres(trx)) {
    take = take
      .from(
        lockedInIdOrder(
          trx,
          lines.map((line) => line.partId),
        ).as('locked'),
      )
      .whereRef('locked.part_id', '=', 'part_stock.part_id');
  }
  const taken = await take.returning(['part_stock.part_id', 'part_stock.stock']).execute();
  const stockLeft = new Map(taken.map((row) => [row.part_id, row.stock]));
  const parts = taken.length > 0 ? await reservedParts(trx, [...stockLeft.keys()]).execute() : [];
  const byId = new Map(parts.map((part) => [part.id, { ...part, stock: stockLeft.get(part.id)! }]));
  return lines.map((line) => byId.get(line.partId));
}

/**
 * Gives cancelled or expired orders' units back, archived part or not, inside the caller's
 * transaction. The stock stays within the range every part form accepts (0 to MAX_STOCK): what would
 * go past the maximum is not added, so the part can still be saved as it is. The maximum is far above
 * any real stock, so only a part already kept at the maximum loses the excess.
 *
 * The stocks' rows are taken in ascending part id, whatever the order of the lines, as a booking
 * takes them (docs/decisions/0029-one-lock-order.md): on PostgreSQL an order of several parts locks
 * them in that order first, then gives every part's units back in one statement; SQLite runs one
 * writing transaction at a time and gives them back part by part.
 */
export async function releaseStocks(trx: Db, lines: readonly { partId: string; quantity: number }[]): Promise<void> {
  const units = new Map<string, number>();
  for (const { partId, quantity } of lines) units.set(partId, (units.get(partId) ?? 0) + quantity);
  const ordered = [...units].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  if (ordered.length > 1 && isPostgres(trx)) {
    await lockedInIdOrder(
      trx,
      ordered.map(([partId]) => partId),
    ).execute();
    const given = sql<{ id: string; quantity: number }>`(values ${sql.join(
      ordered.map(([partId, quantity]) => sql`(${partId}, ${quantity}::integer)`),
    )})`.as<'given'>(sql`given(id, quantity)`);
    await trx
      .updateTable('part_stock')
      .from(given)
      .set({ stock: sql<number>`least(part_stock.stock + given.quantity, ${MAX_STOCK})` })
      .whereRef('part_stock.part_id', '=', 'given.id')
      .execute();
    return;
  }
  for (const [partId, quantity] of ordered) {
    await trx
      .updateTable('part_stock')
      .set({ stock: sql<number>`case when stock + ${quantity} > ${MAX_STOCK} then ${MAX_STOCK} else stock + ${quantity} end` })
      .where('part_id', '=', partId)
      .execute();
  }
}
