import { type Kysely, sql } from 'kysely';

/**
 * Colleagues invited into a company by a mailed link (docs/shop-rules.md, "Trade accounts").
 *
 * - company_invitations: one per invited address. Only a SHA-256 of the link's token is kept, so a
 *   copy of the database opens no company. An invitation is pending until `accepted_at` is set or
 *   `expires_at` (7 days) passes; withdrawing or re-inviting deletes the pending row. The unique
 *   token hash finds it from the link; the index on (company_id, email) finds an address's pending one.
 */
// Migrations take Kysely<any>: they describe the schema as it was then, not as the types say now.
/* eslint-disable @typescript-eslint/no-explicit-any */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('company_invitations')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('company_id', 'text', (c) => c.notNull().references('companies.id').onDelete('cascade'))
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('role', 'text', (c) => c.notNull().check(sql.raw("role in ('buyer', 'company_admin')")))
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('invited_by', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('accepted_at', 'text')
    .addColumn('accepted_by', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('company_invitations_company_idx')
    .on('company_invitations')
    .columns(['company_id', 'email'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('company_invitations').execute();
}
