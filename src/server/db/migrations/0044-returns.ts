import { type Kysely, sql } from 'kysely';

/**
 * Returns (docs/shop-rules.md, "Returns"; decision 0046): a customer or a company admin asks to send
 * back lines of a delivered order; a shop admin approves or refuses, receives and credits it.
 *
 * - returns: one request, numbered `RMA-<year>-<6 digits>` gapless per year of request from
 *   `return_sequences` (as invoices and credit notes are). `status` moves requested → approved or
 *   refused → received → credited, each step stamping its own time. `photos` is a JSON array of upload
 *   URLs (at most 3). Crediting writes `credit_note_number` and `refund_cents` (what goes back to the
 *   card or off the account) and `refund_method`; a card refund the provider confirmed writes
 *   `refund_id` and `refunded_at`.
 *   `requested_by` goes null when its account is deleted; the return stays the order's.
 * - return_lines: the order lines a return names, by the order line's key (order id and position), at
 *   most once per return; `quantity` above 0; `condition` is written when the goods are received.
 * - payment_refunds: a part of a card charge given back, by its idempotency key (a credited return's is
 *   `return:<id>`): asking the provider again with the same key finds the row and refunds nothing more.
 */
// Migrations take Kysely<any>: they describe the schema as it was then, not as the types say now.
/* eslint-disable @typescript-eslint/no-explicit-any */

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('return_sequences')
    .addColumn('year', 'integer', (c) => c.primaryKey())
    .addColumn('last', 'integer', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('returns')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('number', 'text', (c) => c.notNull().unique())
    .addColumn('order_id', 'text', (c) => c.notNull().references('orders.id'))
    .addColumn('requested_by', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('company_id', 'text', (c) => c.references('companies.id'))
    .addColumn('status', 'text', (c) =>
      c.notNull().check(sql.raw(`status in ('requested', 'approved', 'refused', 'received', 'credited')`)),
    )
    .addColumn('note', 'text', (c) => c.notNull().defaultTo('').check(sql.raw('length(note) <= 2000')))
    .addColumn('photos', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('refusal_reason', 'text')
    .addColumn('admin_notes', 'text')
    .addColumn('requested_at', 'text', (c) => c.notNull())
    .addColumn('approved_at', 'text')
    .addColumn('refused_at', 'text')
    .addColumn('received_at', 'text')
    .addColumn('credited_at', 'text')
    .addColumn('credit_note_number', 'text', (c) => c.references('credit_notes.number'))
    .addColumn('refund_cents', 'bigint', (c) => c.check(sql.raw('refund_cents >= 0')))
    .addColumn('refund_method', 'text', (c) => c.check(sql.raw(`refund_method in ('card', 'account')`)))
    .addColumn('refund_id', 'text')
    .addColumn('refunded_at', 'text')
    .addColumn('updated_at', 'text', (c) => c.notNull())
    // A refused return names why; a credited one its credit note.
    .addCheckConstraint('returns_refused_has_reason', sql.raw(`status <> 'refused' or refusal_reason is not null`))
    .addCheckConstraint('returns_credited_has_note', sql.raw(`status <> 'credited' or credit_note_number is not null`))
    .execute();
  await db.schema.createIndex('returns_order_idx').on('returns').column('order_id').execute();
  // The lists: a customer's, a company's and the shop's, newest first.
  await db.schema.createIndex('returns_requested_by_idx').on('returns').columns(['requested_by', 'requested_at']).execute();
  await db.schema.createIndex('returns_company_idx').on('returns').columns(['company_id', 'requested_at']).execute();
  await db.schema.createIndex('returns_requested_at_idx').on('returns').column('requested_at').execute();
  // The pass that makes up for a refund a crash lost reads credited returns not yet refunded.
  await db.schema.createIndex('returns_credited_idx').on('returns').columns(['status', 'refunded_at']).execute();

  await db.schema
    .createTable('payment_refunds')
    .addColumn('idempotency_key', 'text', (c) => c.primaryKey())
    .addColumn('order_id', 'text', (c) => c.notNull().references('orders.id'))
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('transaction_id', 'text', (c) => c.notNull())
    .addColumn('refund_id', 'text', (c) => c.notNull())
    .addColumn('amount_cents', 'bigint', (c) => c.notNull().check(sql.raw('amount_cents > 0')))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('payment_refunds_order_idx').on('payment_refunds').column('order_id').execute();

  await db.schema
    .createTable('return_lines')
    .addColumn('return_id', 'text', (c) => c.notNull().references('returns.id').onDelete('cascade'))
    .addColumn('order_id', 'text', (c) => c.notNull())
    .addColumn('line_position', 'integer', (c) => c.notNull())
    .addColumn('quantity', 'integer', (c) => c.notNull().check(sql.raw('quantity > 0')))
    .addColumn('reason', 'text', (c) =>
      c.notNull().check(sql.raw(`reason in ('wrong_part', 'damaged', 'not_needed', 'warranty', 'core')`)),
    )
    .addColumn('condition', 'text', (c) => c.check(sql.raw(`condition in ('resalable', 'damaged')`)))
    .addPrimaryKeyConstraint('return_lines_pk', ['return_id', 'line_position'])
    .addForeignKeyConstraint('return_lines_order_line_fk', ['order_id', 'line_position'], 'order_lines', ['order_id', 'position'])
    .execute();
  // What earlier returns of an order line hold.
  await db.schema.createIndex('return_lines_order_line_idx').on('return_lines').columns(['order_id', 'line_position']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('payment_refunds').execute();
  await db.schema.dropTable('return_lines').execute();
  await db.schema.dropTable('returns').execute();
  await db.schema.dropTable('return_sequences').execute();
}
