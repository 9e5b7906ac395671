import { type Kysely, sql, SqliteAdapter } from 'kysely';

/**
 * PostgreSQL: the live parts' ids with their category, in an index of their own, so the parts list's
 * counts under a vehicle, make or year filter read each fitting part's category from the index
 * alone. Counting a common make in a year read 5,000 parts' rows for it (four pages each) after
 * finding them in the fitments. The parts' visibility map, kept by autovacuum, lets the scan skip
 * the rows. SQLite already counts from its narrow search rows (migration 0013): nothing changes there.
 */
// Migrations take Kysely<any>: they describe the schema as it was then, not as the types say now.
/* eslint-disable @typescript-eslint/no-explicit-any */

export async function up(db: Kysely<any>): Promise<void> {
  if (db.getExecutor().adapter instanceof SqliteAdapter) return;
  await sql`create index parts_live_category_of_idx on parts (id) include (category_id) where archived_at is null`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  if (db.getExecutor().adapter instanceof SqliteAdapter) return;
  await sql`drop index parts_live_category_of_idx`.execute(db);
}
