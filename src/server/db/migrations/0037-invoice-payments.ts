import { type Kysely, sql } from 'kysely';

/**
 * Payments against the invoices of orders on account (docs/shop-rules.md, "Trade accounts").
 *
 * - invoice_payments: each payment a shop admin records (a bank transfer) or a company admin makes by
 *   card, against one order's invoice; `orders.paid_cents` is their sum, raised in the payment's own
 *   transaction. `idempotency_key` is unique, so a request sent twice (or by two admins at once with
 *   one key) records one payment; a card payment's key is its provider's intent, so it is recorded once
 *   whichever of the browser and the provider's webhook tells the shop first.
 * - invoice_reminders: the reminder mails sent about an invoice, one row per kind; the primary key makes
 *   each go once whichever node's sweep gets there first.
 */
// Migrations take Kysely<any>: they describe the schema as it was then, not as the types say now.
/* eslint-disable @typescript-eslint/no-explicit-any */

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('invoice_payments')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('order_id', 'text', (c) => c.notNull().references('orders.id'))
    .addColumn('invoice_number', 'text', (c) => c.notNull())
    .addColumn('amount_cents', 'bigint', (c) => c.notNull().check(sql.raw('amount_cents > 0')))
    .addColumn('paid_at', 'text', (c) => c.notNull())
    .addColumn('reference', 'text', (c) => c.notNull())
    .addColumn('method', 'text', (c) => c.notNull().check(sql.raw("method in ('transfer', 'card')")))
    .addColumn('recorded_by', 'text')
    .addColumn('idempotency_key', 'text', (c) => c.unique())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  // An invoice's payments; a company's recent payments (the statement) go through its orders.
  await db.schema.createIndex('invoice_payments_order_idx').on('invoice_payments').columns(['order_id', 'paid_at']).execute();
  await db.schema
    .createIndex('invoice_payments_invoice_idx')
    .on('invoice_payments')
    .columns(['invoice_number', 'created_at'])
    .execute();

  await db.schema
    .createTable('invoice_reminders')
    .addColumn('invoice_number', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull().check(sql.raw("kind in ('before_due', 'after_due')")))
    .addColumn('sent_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('invoice_reminders_pk', ['invoice_number', 'kind'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('invoice_reminders').execute();
  await db.schema.dropTable('invoice_payments').execute();
}
