import { type Kysely, sql, SqliteAdapter } from 'kysely';

/**
 * The catalogue's CSV files list parts by SKU compared byte by byte (`collate "C"`), a few hundred at
 * a time after the last SKU sent. PostgreSQL's unique SKU index is in the database's collation, so
 * each batch sorted the whole table; an index in "C" makes it a range scan of the index. SQLite
 * compares text bytewise already (its BINARY collation), so its SKU index serves as it is.
 */
// Migrations take Kysely<any>: they describe the schema as it was then, not as the types say now.
/* eslint-disable @typescript-eslint/no-explicit-any */

export async function up(db: Kysely<any>): Promise<void> {
  if (db.getExecutor().adapter instanceof SqliteAdapter) return;
  await sql`create index parts_sku_bytes_idx on parts (sku collate "C")`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  if (db.getExecutor().adapter instanceof SqliteAdapter) return;
  await sql`drop index parts_sku_bytes_idx`.execute(db);
}
