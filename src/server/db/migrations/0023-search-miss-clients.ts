import type { Kysely } from 'kysely';

/**
 * Who recorded a search that found nothing, so one visitor cannot fill the admin's list
 * (docs/shop-rules.md, "Finding parts"): a text counts once per client a day, and a client records a
 * bounded number of texts a day.
 *
 * - search_misses.day (`YYYY-MM-DD`, UTC) and search_misses.client (the client's address, an IPv6 one
 *   as its /64): a unique index on (day, client, q) makes a second recording of the same text by the
 *   same client that day do nothing. The client is kept only through its day (the hourly upkeep clears
 *   it); rows recorded before this migration have neither, and count as they did.
 * - search_miss_clients: how many texts a client recorded on a day, one row each, raised under the
 *   row's lock, so the limit holds with several nodes writing at once. Rows of past days go hourly.
 */
// Migrations take Kysely<any>: they describe the schema as it was then, not as the types say now.
/* eslint-disable @typescript-eslint/no-explicit-any */

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('search_misses').addColumn('day', 'text').execute();
  await db.schema.alterTable('search_misses').addColumn('client', 'text').execute();
  await db.schema
    .createIndex('search_misses_client_day_idx')
    .on('search_misses')
    .columns(['day', 'client', 'q'])
    .unique()
    .execute();
  await db.schema
    .createTable('search_miss_clients')
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('client', 'text', (c) => c.notNull())
    .addColumn('misses', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('search_miss_clients_pkey', ['day', 'client'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('search_miss_clients').execute();
  await db.schema.dropIndex('search_misses_client_day_idx').execute();
  await db.schema.alterTable('search_misses').dropColumn('client').execute();
  await db.schema.alterTable('search_misses').dropColumn('day').execute();
}
