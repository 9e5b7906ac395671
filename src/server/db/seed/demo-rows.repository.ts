import type { Insertable, InsertResult, OnConflictBuilder, OnConflictDoNothingBuilder } from 'kysely';
import type { Db } from '../database';
import type { BlogPostsTable, Database, PartsTable, ReviewsTable, SettingsTable } from '../schema';

/** A row whose id is taken stays as it is. */
function keepExisting<Table extends DemoTable | 'settings'>(
  oc: OnConflictBuilder<Database, Table>,
): OnConflictDoNothingBuilder<Database, Table> {
  return oc.column('id').doNothing();
}

/** The tables the demo catalogue fills, each keyed by the deterministic ids of the seed. */
export type DemoTable = 'parts' | 'reviews' | 'blog_posts';

/** Which of these ids `table` already holds. */
export async function existingIds(db: Db, table: DemoTable, ids: readonly string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db.selectFrom(table).select('id').where('id', 'in', ids).execute();
  return new Set(rows.map((row) => row.id));
}

/** Whether the shop was ever seeded (its settings row exists) and whether it has any account. */
export async function whatTheShopHas(db: Db): Promise<{ settings: boolean; anyUser: boolean }> {
  const [settings, anyUser] = await Promise.all([
    db.selectFrom('settings').select('id').executeTakeFirst(),
    db.selectFrom('users').select('id').limit(1).executeTakeFirst(),
  ]);
  return { settings: settings !== undefined, anyUser: anyUser !== undefined };
}

/**
 * Writes the demo rows in one transaction, each only where its id is not taken yet (a row an admin
 * changed stays as it is), parts first since reviews point at them. Answers how many it added.
 */
export async function insertMissingDemoRows(
  db: Db,
  rows: { parts: PartsTable[]; reviews: ReviewsTable[]; posts: BlogPostsTable[]; settings: Insertable<SettingsTable> },
): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const added = (result: InsertResult) => Number(result.numInsertedOrUpdatedRows ?? 0n);
    let count = 0;
    if (rows.parts.length > 0) {
      count += added(await trx.insertInto('parts').values(rows.parts).onConflict(keepExisting).executeTakeFirstOrThrow());
    }
    if (rows.reviews.length > 0) {
      count += added(await trx.insertInto('reviews').values(rows.reviews).onConflict(keepExisting).executeTakeFirstOrThrow());
    }
    if (rows.posts.length > 0) {
      count += added(await trx.insertInto('blog_posts').values(rows.posts).onConflict(keepExisting).executeTakeFirstOrThrow());
    }
    count += added(await trx.insertInto('settings').values(rows.settings).onConflict(keepExisting).executeTakeFirstOrThrow());
    return count;
  });
}
