import { type Kysely, sql, SqliteAdapter } from 'kysely';

/**
 * assumption_failed(reason): raises an error with the SQLSTATE `GH001` (`ASSUMPTION_FAILED`, db/errors.ts)
 * and the reason as its message. On PostgreSQL a booking sends its statements in one write, each
 * built on what was read before its transaction (the part's price, the customer's unpaid orders); a
 * statement whose assumption no longer holds calls it, and the transaction rolls back, so the
 * booking is done again the careful way (docs/decisions/0002-two-database-engines.md). SQLite runs
 * in the process and books the careful way only.
 */
// Migrations take Kysely<any>: they describe the schema as it was then, not as the types say now.
/* eslint-disable @typescript-eslint/no-explicit-any */
export async function up(db: Kysely<any>): Promise<void> {
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

export async function down(db: Kysely<any>): Promise<void> {
  if (db.getExecutor().adapter instanceof SqliteAdapter) return;
  await sql`drop function if exists assumption_failed(text)`.execute(db);
}
