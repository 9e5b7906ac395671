import type { Kysely } from 'kysely';

/**
 * The request an order's Idempotency-Key was first sent with (docs/shop-rules.md, "API keys"): a
 * SHA-256 of its body, so that the same key with another body is refused instead of answered with the
 * first order. Orders placed before keep null and are replayed as before.
 */
// Migrations take Kysely<any>: they describe the schema as it was then, not as the types say now.
/* eslint-disable @typescript-eslint/no-explicit-any */

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('orders').addColumn('idempotency_fingerprint', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('orders').dropColumn('idempotency_fingerprint').execute();
}
