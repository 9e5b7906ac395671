import type { ListPartsQuery } from '#shared/schemas/parts';
import type { Db } from '../../db/database';
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

export async function listLiveParts(
  db: Db,
  { q, sort, page, limit }: ListPartsQuery,
): Promise<{ rows: PartRow[]; total: number }> {
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
  const [rows, counted] = await Promise.all([
    rowsQuery
      .limit(limit)
      .offset((page - 1) * limit)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(counted.total) };
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
