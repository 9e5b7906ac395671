import { type Kysely, sql } from 'kysely';

/**
 * Webhooks (docs/connect.md, "Webhooks"; docs/decisions/0049-webhooks-from-the-outbox.md), the webhooks
 * module's tables.
 *
 * - `webhooks`: an address and the events it asked for (space-separated), of a company (its admins')
 *   or of the shop (null company, the shop admins'). A removed one keeps its row with `removed_at`.
 *   `secret` is kept in clear: each delivery is signed with it (HMAC) when sent, and a hash could not sign.
 * - `webhook_deliveries`: an outbox of its own, one row per event and webhook, written in the
 *   transaction of the change. `payload` is the exact body, so a retry or a re-send sends the same
 *   bytes; `claimed_until` / `claimed_by` are the sending node's lease, as in mail_outbox.
 */
// Migrations take Kysely<any>: they describe the schema as it was then, not as the types say now.
/* eslint-disable @typescript-eslint/no-explicit-any */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('webhooks')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('company_id', 'text', (c) => c.references('companies.id').onDelete('cascade'))
    .addColumn('url', 'text', (c) => c.notNull())
    .addColumn('events', 'text', (c) => c.notNull())
    .addColumn('secret', 'text', (c) => c.notNull())
    .addColumn('created_by', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('removed_at', 'text')
    .execute();
  // What each event's fan-out reads: the live webhooks of the order's company and of the shop.
  await db.schema.createIndex('webhooks_company_idx').on('webhooks').columns(['company_id', 'removed_at']).execute();
  await db.schema.createIndex('webhooks_created_by_idx').on('webhooks').column('created_by').execute();

  await db.schema
    .createTable('webhook_deliveries')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('webhook_id', 'text', (c) => c.notNull().references('webhooks.id').onDelete('cascade'))
    .addColumn('event_id', 'text', (c) => c.notNull())
    .addColumn('event_type', 'text', (c) => c.notNull())
    .addColumn('payload', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) =>
      c.notNull().defaultTo('pending').check(sql.raw("status in ('pending', 'delivered', 'failed')")),
    )
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0).check(sql.raw('attempts >= 0')))
    .addColumn('next_attempt_at', 'text')
    .addColumn('claimed_until', 'text')
    .addColumn('claimed_by', 'text')
    .addColumn('response_status', 'integer')
    .addColumn('duration_ms', 'integer')
    .addColumn('last_error', 'text')
    .addColumn('last_attempt_at', 'text')
    .addColumn('delivered_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  // What a sender's claim reads: the pending rows in the order they are due.
  await db.schema
    .createIndex('webhook_deliveries_due_idx')
    .on('webhook_deliveries')
    .columns(['status', 'next_attempt_at'])
    .execute();
  // A webhook's log, newest first.
  await db.schema
    .createIndex('webhook_deliveries_log_idx')
    .on('webhook_deliveries')
    .columns(['webhook_id', 'created_at'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('webhook_deliveries').execute();
  await db.schema.dropTable('webhooks').execute();
}
