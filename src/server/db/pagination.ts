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
