import type { Insertable, InsertResult } from 'kysely';
import type { Db } from '../database';
import type { BlogPostsTable, PartsTable, ReviewsTable, SettingsTable } from '../schema';

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
    const results: InsertResult[] = [];
    if (rows.parts.length > 0) {
      results.push(
        await trx
          .insertInto('parts')
          .values(rows.parts)
          .onConflict((oc) => oc.column('id').doNothing())
          .executeTakeFirstOrThrow(),
      );
    }
    if (rows.reviews.length > 0) {
      results.push(
        await trx
          .insertInto('reviews')
          .values(rows.reviews)
          .onConflict((oc) => oc.column('id').doNothing())
          .executeTakeFirstOrThrow(),
      );
    }
    if (rows.posts.length > 0) {
      results.push(
        await trx
          .insertInto('blog_posts')
          .values(rows.posts)
          .onConflict((oc) => oc.column('id').doNothing())
          .executeTakeFirstOrThrow(),
      );
    }
    results.push(
      await trx
        .insertInto('settings')
        .values(rows.settings)
        .onConflict((oc) => oc.column('id').doNothing())
        .executeTakeFirstOrThrow(),
    );
    return results.reduce((sum, result) => sum + Number(result.numInsertedOrUpdatedRows ?? 0n), 0);
  });
}
