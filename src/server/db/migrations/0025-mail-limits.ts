import type { Kysely } from 'kysely';

/**
 * What bounds the mail that other people's actions make the shop send (docs/shop-rules.md, "Low stock"
 * and "Accounts and safety"), counted in the database so that every node sees the same count.
 *
 * - mail_address_limits (the mail module's): for each address and kind of mail a stranger can ask for
 *   (a verification link, a password reset), when the last one went out and how many since
 *   `window_started_at`, the start of the current day of its count. One row an address and kind,
 *   changed by one conditional upsert, so two requests at once cannot both take the last mail left.
 *   Rows whose day is over are pruned with the sent mails.
 * - low_stock_alerts (the parts module's): the admins' low-stock mail about a part, when it was last
 *   written, and whether an admin re-armed it since by restocking the part. No row: never mailed, armed.
 */
// Migrations take Kysely<any>: they describe the schema as it was then, not as the types say now.
/* eslint-disable @typescript-eslint/no-explicit-any */

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('mail_address_limits')
    .addColumn('recipient', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('window_started_at', 'text', (c) => c.notNull())
    .addColumn('last_sent_at', 'text', (c) => c.notNull())
    .addColumn('sent', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('mail_address_limits_pkey', ['recipient', 'kind'])
    .execute();
  await db.schema.createIndex('mail_address_limits_window_idx').on('mail_address_limits').column('window_started_at').execute();

  await db.schema
    .createTable('low_stock_alerts')
    .addColumn('part_id', 'text', (c) => c.primaryKey().references('parts.id').onDelete('cascade'))
    .addColumn('mailed_at', 'text', (c) => c.notNull())
    .addColumn('rearmed_at', 'text')
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('low_stock_alerts').execute();
  await db.schema.dropTable('mail_address_limits').execute();
}
