import type { SelectQueryBuilder } from 'kysely';

export interface PageRequest {
  page: number;
  limit: number;
}

/**
 * One page of `rows` (already filtered and ordered) with the total that `counted` (the same filter,
 * selecting `count(*) as total`) finds, both queries run together.
 */
export async function fetchPage<DB, TB extends keyof DB, Row>(
  rows: SelectQueryBuilder<DB, TB, Row>,
  counted: SelectQueryBuilder<DB, TB, { total: number }>,
  { page, limit }: PageRequest,
): Promise<{ rows: Row[]; total: number }> {
  const [found, count] = await Promise.all([
    rows
      .limit(limit)
      .offset((page - 1) * limit)
      .execute(),
    counted.executeTakeFirstOrThrow(),
  ]);
  return { rows: found, total: Number(count.total) };
}

/**
 * The rows with these ids, in the ids' order. A page is found as ids first, from an index alone (a
 * deep page skips index entries, not rows); then only its rows are read. Ordering here rather than in
 * SQL keeps the planner from walking a whole sort index to test `id in (…)` row by row.
 */
export function inIdOrder<Row extends { id: string }>(ids: readonly string[], rows: readonly Row[]): Row[] {
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}
