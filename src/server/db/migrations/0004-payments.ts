import { type Kysely, sql } from 'kysely';

/**
 * Payment intents (docs/shop-rules.md, "Orders and payment"), kept by the sandbox provider the way a provider's test mode
 * keeps them. One intent per order (order_id is unique): asking again answers the same intent. The
 * client secret is random and unguessable; card numbers are never stored.
 */
// Migrations take Kysely<any>: they describe the schema as it was then, not as the types say now.
/* eslint-disable @typescript-eslint/no-explicit-any */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('payment_intents')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('order_id', 'text', (c) => c.notNull().unique().references('orders.id'))
    .addColumn('provider', 'text', (c) => c.notNull().check(sql.raw(`provider in ('sandbox', 'stripe')`)))
    .addColumn('client_secret', 'text', (c) => c.notNull().unique())
    .addColumn('amount_cents', 'bigint', (c) => c.notNull().check(sql.raw('amount_cents >= 0')))
    .addColumn('status', 'text', (c) => c.notNull().check(sql.raw(`status in ('requires_payment', 'succeeded', 'failed')`)))
    .addColumn('transaction_id', 'text', (c) => c.unique())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('payment_intents').execute();
}
