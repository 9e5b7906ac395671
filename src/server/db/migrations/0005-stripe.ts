import { type Kysely, sql, SqliteAdapter } from 'kysely';

/**
 * Stripe (docs/shop-rules.md, "Orders and payment"; docs/decisions/0007-payments.md).
 *
 * - stripe_events: the id of every webhook event handled, so a redelivered event has no second effect.
 * - payment_intents.status may be 'refunded': a charge that arrived for an order already cancelled
 *   is given back, and the intent says so. SQLite cannot change a CHECK in place, so there the table
 *   is rebuilt with its rows; PostgreSQL swaps the constraint.
 */
// Migrations take Kysely<any>: they describe the schema as it was then, not as the types say now.
/* eslint-disable @typescript-eslint/no-explicit-any */
const STATUSES_NOW = `status in ('requires_payment', 'succeeded', 'failed', 'refunded')`;
const STATUSES_BEFORE = `status in ('requires_payment', 'succeeded', 'failed')`;

async function createPaymentIntents(db: Kysely<any>, name: string, statusCheck: string): Promise<void> {
  await db.schema
    .createTable(name)
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('order_id', 'text', (c) => c.notNull().unique().references('orders.id'))
    .addColumn('provider', 'text', (c) => c.notNull().check(sql.raw(`provider in ('sandbox', 'stripe')`)))
    .addColumn('client_secret', 'text', (c) => c.notNull().unique())
    .addColumn('amount_cents', 'bigint', (c) => c.notNull().check(sql.raw('amount_cents >= 0')))
    .addColumn('status', 'text', (c) => c.notNull().check(sql.raw(statusCheck)))
    .addColumn('transaction_id', 'text', (c) => c.unique())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
}

async function setStatusCheck(db: Kysely<any>, statusCheck: string): Promise<void> {
  if (db.getExecutor().adapter instanceof SqliteAdapter) {
    await createPaymentIntents(db, 'payment_intents_next', statusCheck);
    await sql`insert into payment_intents_next select * from payment_intents`.execute(db);
    await db.schema.dropTable('payment_intents').execute();
    await db.schema.alterTable('payment_intents_next').renameTo('payment_intents').execute();
    return;
  }
  await sql`alter table payment_intents drop constraint payment_intents_status_check`.execute(db);
  await sql`alter table payment_intents add constraint payment_intents_status_check check (${sql.raw(statusCheck)})`.execute(db);
}

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('stripe_events')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('received_at', 'text', (c) => c.notNull())
    .execute();
  await setStatusCheck(db, STATUSES_NOW);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.updateTable('payment_intents').set({ status: 'succeeded' }).where('status', '=', 'refunded').execute();
  await setStatusCheck(db, STATUSES_BEFORE);
  await db.schema.dropTable('stripe_events').execute();
}
