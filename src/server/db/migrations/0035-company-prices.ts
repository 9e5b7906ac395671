import { type Kysely, sql } from 'kysely';

/**
 * Contract prices (docs/shop-rules.md, "Trade accounts"): a company's own unit price for a part,
 * imported by a shop admin as CSV `sku,unit_price`. A row names the part by its id, not its SKU: the
 * file names SKUs, but a part whose number later changes keeps its contract price.
 */
// Migrations take Kysely<any>: they describe the schema as it was then, not as the types say now.
/* eslint-disable @typescript-eslint/no-explicit-any */

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('company_prices')
    .addColumn('company_id', 'text', (c) => c.notNull().references('companies.id').onDelete('cascade'))
    .addColumn('part_id', 'text', (c) => c.notNull().references('parts.id').onDelete('cascade'))
    .addColumn('unit_price_cents', 'bigint', (c) => c.notNull().check(sql.raw('unit_price_cents > 0')))
    .addColumn('imported_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('company_prices_pk', ['company_id', 'part_id'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('company_prices').execute();
}
