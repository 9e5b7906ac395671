import { SqliteAdapter, sql } from 'kysely';
import type { Clock } from '../../clock';
import type { Db } from '../../db/database';
import type { Log } from '../../log';
import { periodicTask } from '../../periodic-task';
import { forgetSearchMissClients, pruneSearchMisses, SEARCH_MISS_DAYS } from './search-misses';

/** How often the search's upkeep runs: neither job is urgent. */
export const SEARCH_UPKEEP_INTERVAL_MS = 3_600_000;

/**
 * On SQLite, merges each FTS5 index (words and part numbers) into one segment. Every write adds a
 * small segment and FTS5 merges them only in steps, so a catalogue loaded or edited a lot looks each
 * word up in several segments: the typo variants' lookup took five times longer at 100,000 parts
 * (docs/search.md). An index already in one segment is left as it is at no cost; merging one
 * written over costs about 150–350 ms at 100,000 parts, once. PostgreSQL's GIN index needs nothing
 * here (autovacuum folds its pending list in).
 */
export async function optimizeSearchIndex(db: Db): Promise<void> {
  if (!(db.getExecutor().adapter instanceof SqliteAdapter)) return;
  await sql`insert into parts_words (parts_words) values ('optimize')`.execute(db);
  await sql`insert into parts_numbers (parts_numbers) values ('optimize')`.execute(db);
}

/**
 * The search's periodic upkeep, started and stopped with the app like the sweep of unpaid orders
 * (periodicTask: one pass at a time, a failed pass logged and tried again next time): the searches
 * that found nothing older than 90 days go, so do the clients that recorded those of past days, and
 * SQLite's search index is merged. Safe on several nodes (deletes and an update by date; only SQLite,
 * one node, merges).
 */
export function createSearchUpkeep(db: Db, { clock, log }: { clock: Clock; log: Log }) {
  const pass = async () => {
    const pruned = await pruneSearchMisses(db, clock.now());
    await forgetSearchMissClients(db, clock.now());
    await optimizeSearchIndex(db);
    return pruned;
  };
  return {
    pass,
    ...periodicTask(pass, {
      log,
      done: (count) => `pruned ${count} search miss(es) older than ${SEARCH_MISS_DAYS} days`,
      failed: 'the search upkeep (pruning old search misses, merging the search index) failed',
    }),
  };
}

export type SearchUpkeep = ReturnType<typeof createSearchUpkeep>;
