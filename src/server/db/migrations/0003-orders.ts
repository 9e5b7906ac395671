import { type Kysely, sql } from 'kysely';

/**
 * Orders (docs/shop-rules.md, "Data" and "Orders and payment"). An order copies the part's name, picture and price and the
 * customer's name and email when it is placed, so it reads the same after the part changes or the
 * account is removed; user_id therefore has no foreign key. The total is int8: a large quantity of
 * an expensive part passes 2^31 cents.
 */
// Migrations take Kysely<any>: they describe the schema as it was then, not as the types say now.
/* eslint-disable @typescript-eslint/no-explicit-any */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('orders')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text')
    .addColumn('part_id', 'text', (c) => c.notNull().references('parts.id'))
    .addColumn('part_name', 'text', (c) => c.notNull())
    .addColumn('image_url', 'text', (c) => c.notNull())
    .addColumn('unit_price_cents', 'integer', (c) => c.notNull().check(sql.raw('unit_price_cents >= 0')))
    .addColumn('quantity', 'integer', (c) => c.notNull().check(sql.raw('quantity >= 1')))
    .addColumn('total_cents', 'bigint', (c) => c.notNull().check(sql.raw('total_cents >= 0')))
    .addColumn('customer_name', 'text', (c) => c.notNull())
    .addColumn('customer_email', 'text', (c) => c.notNull())
    .addColumn('phone', 'text', (c) => c.notNull())
    .addColumn('address', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) =>
      c.notNull().check(sql.raw(`status in ('pending_payment', 'paid', 'shipped', 'delivered', 'cancelled')`)),
    )
    .addColumn('cancel_reason', 'text', (c) => c.check(sql.raw(`cancel_reason in ('customer', 'admin', 'expired')`)))
    .addColumn('transaction_id', 'text')
    .addColumn('paid_at', 'text')
    // "userId:key" of a create retried with the same Idempotency-Key header; null when none was sent.
    .addColumn('idempotency_key', 'text', (c) => c.unique())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  // My Orders, newest first.
  await db.schema.createIndex('orders_user_created_idx').on('orders').columns(['user_id', 'created_at', 'id']).execute();
  // The admin list filtered by status, and the sweep of unpaid orders past their window.
  await db.schema.createIndex('orders_status_created_idx').on('orders').columns(['status', 'created_at', 'id']).execute();
  // "Does this part have orders?" and best sellers.
  await db.schema.createIndex('orders_part_idx').on('orders').column('part_id').execute();
  // The admin list unfiltered.
  await db.schema.createIndex('orders_created_idx').on('orders').columns(['created_at', 'id']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('orders').execute();
}
