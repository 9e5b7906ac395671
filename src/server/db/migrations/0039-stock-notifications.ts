import type { Kysely } from 'kysely';

/**
 * "Notify me" on a sold-out part (docs/shop-rules.md, "Back in stock"): stock_alerts, the parts
 * module's, holds each customer's waiting request, one per customer and part (the primary key, so
 * asking twice stays one request). The row is deleted in the transaction that writes the customer's
 * mail when the part can be ordered again, so a request mails once. Requests go with their account or
 * their part when either is deleted. The part's index finds who waits when its stock comes back.
 */
// Migrations take Kysely<any>: they describe the schema as it was then, not as the types say now.
/* eslint-disable @typescript-eslint/no-explicit-any */

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('stock_alerts')
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('part_id', 'text', (c) => c.notNull().references('parts.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('stock_alerts_pkey', ['user_id', 'part_id'])
    .execute();
  await db.schema.createIndex('stock_alerts_part_idx').on('stock_alerts').column('part_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('stock_alerts').execute();
}
