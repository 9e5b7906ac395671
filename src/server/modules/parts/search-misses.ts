import { sql } from 'kysely';
import type { Db } from '../../db/database';
import { newId } from '../../ids';

/**
 * The searches that found nothing (docs/shop-rules.md, "Finding parts"): what customers look for and
 * the shop does not show, for the admin's overview. Kept 90 days.
 */

export const SEARCH_MISS_DAYS = 90;
/** The filters of a search, as recorded: only those set, in a fixed order, so equal searches read alike. */
export interface MissFilters {
  category?: string;
  vehicle?: string;
  make?: string;
  year?: number;
  inStock?: true;
}

export async function recordSearchMiss(db: Db, miss: { q: string; filters: MissFilters; at: string }): Promise<void> {
  await db
    .insertInto('search_misses')
    .values({ id: newId(), q: miss.q, filters: JSON.stringify(miss.filters), created_at: miss.at })
    .execute();
}

/**
 * The texts searched most often without a result since `since`, most first (ties by text); case
 * does not tell two apart. Searches without text (filters alone) are left out: there is no word
 * the shop could add.
 */
export async function topSearchMisses(
  db: Db,
  { since, limit }: { since: string; limit: number },
): Promise<{ q: string; count: number }[]> {
  const text = sql<string>`lower(q)`;
  const rows = await db
    .selectFrom('search_misses')
    .select((eb) => [text.as('q'), eb.fn.countAll<number>().as('count')])
    .where('created_at', '>=', since)
    .where('q', '<>', '')
    .groupBy(text)
    .orderBy('count', 'desc')
    .orderBy(text, 'asc')
    .limit(limit)
    .execute();
  return rows.map((row) => ({ q: row.q, count: Number(row.count) }));
}

/** Deletes the misses older than 90 days; answers how many. */
export async function pruneSearchMisses(db: Db, now: Date): Promise<number> {
  const cutoff = new Date(now.getTime() - SEARCH_MISS_DAYS * 86_400_000).toISOString();
  const result = await db.deleteFrom('search_misses').where('created_at', '<', cutoff).executeTakeFirst();
  return Number(result.numDeletedRows);
}
