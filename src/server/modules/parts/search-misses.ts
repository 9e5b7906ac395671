import { sql } from 'kysely';
import { MAX_SEARCH_LENGTH } from '#shared/schemas/parts';
import type { Db } from '../../db/database';
import { newId } from '../../ids';

/**
 * The searches that found nothing (docs/shop-rules.md, "Finding parts"): what customers look for and
 * the shop does not show, for the admin's overview. Kept 90 days.
 */

export const SEARCH_MISS_DAYS = 90;
/**
 * The most texts one client records a day: more than a visitor looking for parts types, few enough
 * that one client (a script sending texts of its choice) cannot fill the admin's list.
 */
export const SEARCH_MISSES_PER_CLIENT_PER_DAY = 20;
/** The filters of a search, as recorded: only those set, in a fixed order, so equal searches read alike. */
export interface MissFilters {
  category?: string;
  vehicle?: string;
  make?: string;
  year?: number;
  inStock?: true;
}

/** Characters that show nothing (zero-width spaces and joiners, soft hyphens): they would tell equal-looking texts apart. */
const INVISIBLE = /\p{Default_Ignorable_Code_Point}/gu;

/**
 * A search text as recorded and counted: read as the search reads it (NFKC, lower case), invisible
 * characters dropped, runs of white space as one space, cut to what the parts list reads. "BREMBO",
 * "Brembo" and "ｂｒｅｍｂｏ " are one text.
 */
export function searchMissText(q: string): string {
  const text = q.normalize('NFKC').toLowerCase().replace(INVISIBLE, '').replace(/\s+/gu, ' ').trim();
  // NFKC may lengthen a text (one ligature becomes several letters): cut again, never inside a character.
  return [...text].slice(0, MAX_SEARCH_LENGTH).join('').trimEnd();
}

/**
 * Records a search that found nothing for `client` (the client key, see parts.routes.ts), inside the
 * caller's transaction. A text the client already recorded that day is not counted again (whatever
 * its filters: the first search's are kept), and past SEARCH_MISSES_PER_CLIENT_PER_DAY texts nothing
 * more is recorded for that client that day. Both hold across nodes: the first through the unique
 * index on (day, client, q), the second through the client's count row, raised under its lock.
 * Answers whether the search was recorded.
 */
export async function recordSearchMiss(
  trx: Db,
  miss: { q: string; filters: MissFilters; client: string; at: string },
): Promise<boolean> {
  const id = newId();
  const day = miss.at.slice(0, 10);
  const inserted = await trx
    .insertInto('search_misses')
    .values({
      id,
      q: searchMissText(miss.q),
      filters: JSON.stringify(miss.filters),
      created_at: miss.at,
      day,
      client: miss.client,
    })
    .onConflict((oc) => oc.columns(['day', 'client', 'q']).doNothing())
    .returning('id')
    .executeTakeFirst();
  if (!inserted) return false;
  const counted = await trx
    .insertInto('search_miss_clients')
    .values({ day, client: miss.client, misses: 1 })
    .onConflict((oc) =>
      oc
        .columns(['day', 'client'])
        .doUpdateSet({ misses: sql<number>`search_miss_clients.misses + 1` })
        .where('search_miss_clients.misses', '<', SEARCH_MISSES_PER_CLIENT_PER_DAY),
    )
    .returning('misses')
    .executeTakeFirst();
  if (counted) return true;
  // The client's texts for the day are used up: this one goes again.
  await trx.deleteFrom('search_misses').where('id', '=', id).execute();
  return false;
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

/**
 * Forgets who recorded the misses of the days before `now`'s (UTC): a client is needed only to count
 * its searches within their day, so its address is kept no longer.
 */
export async function forgetSearchMissClients(db: Db, now: Date): Promise<void> {
  const today = now.toISOString().slice(0, 10);
  await db.deleteFrom('search_miss_clients').where('day', '<', today).execute();
  await db.updateTable('search_misses').set({ client: null }).where('day', '<', today).where('client', 'is not', null).execute();
}
