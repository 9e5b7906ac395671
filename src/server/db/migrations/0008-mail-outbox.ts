import { type Kysely, sql } from 'kysely';

/**
 * The mail outbox (docs/decisions/0014-mail-outbox.md): every mail the shop sends is first a row here,
 * written in the same transaction as the change that causes it, and sent afterwards by a dispatcher
 * that claims rows with a lease. Nothing is lost to a crash or a mail-server outage between the two.
 *
 * - `next_attempt_at`: when the row may be tried (again); moves forward with each failure (backoff).
 * - `claimed_until` / `claimed_by`: the lease of the node sending it; a crashed node's lease runs out
 *   and another node (or the same one, restarted) takes the row over.
 * - `sent_at`: sent; such rows are pruned after some days. `failed_at`: given up after many
 *   attempts; kept, never deleted, for the operator (`last_error` says why).
 */
// Migrations take Kysely<any>: they describe the schema as it was then, not as the types say now.
/* eslint-disable @typescript-eslint/no-explicit-any */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('mail_outbox')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('recipient', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('html', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0).check(sql.raw('attempts >= 0')))
    .addColumn('next_attempt_at', 'text', (c) => c.notNull())
    .addColumn('claimed_until', 'text')
    .addColumn('claimed_by', 'text')
    .addColumn('sent_at', 'text')
    .addColumn('failed_at', 'text')
    .addColumn('last_error', 'text')
    .execute();
  // What a dispatcher's claim reads: the unsent, not given-up rows in the order they are due.
  await db.schema
    .createIndex('mail_outbox_due_idx')
    .on('mail_outbox')
    .columns(['next_attempt_at', 'id'])
    .where(sql.ref('sent_at'), 'is', null)
    .where(sql.ref('failed_at'), 'is', null)
    .execute();
  // The prune of old sent rows, and the count of given-up ones (metrics), each read only their rows.
  await db.schema
    .createIndex('mail_outbox_sent_idx')
    .on('mail_outbox')
    .column('sent_at')
    .where(sql.ref('sent_at'), 'is not', null)
    .execute();
  await db.schema
    .createIndex('mail_outbox_failed_idx')
    .on('mail_outbox')
    .column('failed_at')
    .where(sql.ref('failed_at'), 'is not', null)
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('mail_outbox').execute();
}
