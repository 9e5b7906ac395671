import type { ListPartsQuery } from '#shared/schemas/parts';
import type { Db } from '../../db/database';
import { fetchPage } from '../../db/pagination';
import { containsText } from '../../db/search';
import type { PartRow } from '../../db/schema';

export interface RatingSummary {
  average: number;
  count: number;
}

function livePartsMatching(db: Db, q: string | undefined) {
  let query = db.selectFrom('parts').where('archived_at', 'is', null);
  if (q) {
    query = query.where((eb) => eb.or([containsText('name', q), containsText('description', q)]));
  }
  return query;
}

export async function listLiveParts(db: Db, { q, sort, ...page }: ListPartsQuery): Promise<{ rows: PartRow[]; total: number }> {
  const base = livePartsMatching(db, q);
  let rowsQuery = base.selectAll();
  switch (sort) {
    case 'price_asc':
      rowsQuery = rowsQuery.orderBy('price_cents', 'asc').orderBy('id', 'asc');
      break;
    case 'price_desc':
      rowsQuery = rowsQuery.orderBy('price_cents', 'desc').orderBy('id', 'desc');
      break;
    case 'name':
      rowsQuery = rowsQuery.orderBy('name', 'asc').orderBy('id', 'asc');
      break;
    default:
      rowsQuery = rowsQuery.orderBy('created_at', 'desc').orderBy('id', 'desc');
  }
  return fetchPage(
    rowsQuery,
    base.select((eb) => eb.fn.countAll<number>().as('total')),
    page,
  );
}

export async function findLivePart(db: Db, id: string): Promise<PartRow | undefined> {
  return db.selectFrom('parts').selectAll().where('id', '=', id).where('archived_at', 'is', null).executeTakeFirst();
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

export async function isLivePart(db: Db, id: string): Promise<boolean> {
  const row = await db.selectFrom('parts').select('id').where('id', '=', id).where('archived_at', 'is', null).executeTakeFirst();
  return row !== undefined;
}

export async function insertPart(db: Db, row: PartRow): Promise<void> {
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

/** Whether any order points at the part, in which case it is archived rather than deleted so order history keeps it. */
export async function partHasOrders(db: Db, id: string): Promise<boolean> {
  const row = await db.selectFrom('orders').select('id').where('part_id', '=', id).limit(1).executeTakeFirst();
  return row !== undefined;
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

/** Deletes a live part; its reviews stay, with part_id set null by the foreign key. */
export async function deleteLivePart(db: Db, id: string): Promise<boolean> {
  const result = await db.deleteFrom('parts').where('id', '=', id).where('archived_at', 'is', null).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
