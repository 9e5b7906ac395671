import type { Kysely } from 'kysely';

/**
 * API keys (docs/shop-rules.md, "API keys"; docs/decisions/0048-api-keys.md): api_keys, the api-keys
 * module's, holds each key's SHA-256 hash (never the secret), its first characters for the list, its
 * scopes (space-separated), the admin who made it and their company (null: a shop admin's key). A
 * revoked key keeps its row with `revoked_at`, for the record. The hash is unique: a request finds
 * its key by it.
 */
// Migrations take Kysely<any>: they describe the schema as it was then, not as the types say now.
/* eslint-disable @typescript-eslint/no-explicit-any */

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('api_keys')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('company_id', 'text', (c) => c.references('companies.id').onDelete('cascade'))
    .addColumn('created_by', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('scopes', 'text', (c) => c.notNull())
    .addColumn('secret_hash', 'text', (c) => c.notNull().unique())
    .addColumn('prefix', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('last_used_at', 'text')
    .addColumn('revoked_at', 'text')
    .execute();
  await db.schema.createIndex('api_keys_company_idx').on('api_keys').columns(['company_id', 'created_at']).execute();
  await db.schema.createIndex('api_keys_created_by_idx').on('api_keys').column('created_by').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('api_keys').execute();
}
