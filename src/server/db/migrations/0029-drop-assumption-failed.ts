import { type Kysely, sql, SqliteAdapter } from 'kysely';

/**
 * Drops `assumption_failed(reason)` (migration 0018, PostgreSQL only): bookings now take one path on
 * each engine, locking the customer's row and the parts' stock before they write, and nothing calls it.
 */
// Migrations take Kysely<any>: they describe the schema as it was then, not as the types say now.
/* eslint-disable @typescript-eslint/no-explicit-any */
export async function up(db: Kysely<any>): Promise<void> {
  if (db.getExecutor().adapter instanceof SqliteAdapter) return;
  await sql`drop function if exists assumption_failed(text)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  if (db.getExecutor().adapter instanceof SqliteAdapter) return;
  await sql
    .raw(
      `create function assumption_failed(reason text) returns boolean language plpgsql volatile as $$
      begin
        raise exception using errcode = 'GH001', message = reason;
      end $$`,
    )
    .execute(db);
}
