import { type Kysely, sql } from 'kysely';

/**
 * Order numbers (docs/decisions/0030-order-numbers.md): an order is named by the first 18 characters
 * of its id, and both orders lists find one by it. An index on that prefix answers the search among a
 * million orders; ids made later sort after (decision 0024), so a booking adds its entry at the end of
 * the index, beside the one before it. The search compares with `=`, which every collation answers
 * byte for byte, so PostgreSQL's locale does not matter.
 */
// Migrations take Kysely<any>: they describe the schema as it was then, not as the types say now.
/* eslint-disable @typescript-eslint/no-explicit-any */

export async function up(db: Kysely<any>): Promise<void> {
  await sql`create index orders_number_idx on orders (substr(id, 1, 18))`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('orders_number_idx').execute();
}
