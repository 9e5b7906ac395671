import { type Kysely, sql } from 'kysely';

/**
 * Each part's own low-stock threshold (docs/shop-rules.md, "Running the business").
 *
 * - parts.low_stock_threshold: the stock under which the part runs low; null keeps the default of twice
 *   its minimum order, which then follows the minimum when the admin changes it.
 * - parts_low_stock_idx is made again on the same line, so the overview still lists the low parts from
 *   a small partial index. Its query names the condition in the same words, which SQLite needs to use it.
 */
// Migrations take Kysely<any>: they describe the schema as it was then, not as the types say now.
/* eslint-disable @typescript-eslint/no-explicit-any */

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('parts')
    .addColumn('low_stock_threshold', 'integer', (c) => c.check(sql.raw('low_stock_threshold >= 0')))
    .execute();
  await sql`drop index if exists parts_low_stock_idx`.execute(db);
  await sql
    .raw(
      `create index parts_low_stock_idx on parts (stock, id)
        where archived_at is null and stock < coalesce(low_stock_threshold, 2 * min_order_quantity)`,
    )
    .execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index if exists parts_low_stock_idx`.execute(db);
  await db.schema.alterTable('parts').dropColumn('low_stock_threshold').execute();
  await sql
    .raw(`create index parts_low_stock_idx on parts (stock, id) where archived_at is null and stock < 2 * min_order_quantity`)
    .execute(db);
}
