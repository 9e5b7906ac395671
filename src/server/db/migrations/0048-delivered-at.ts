import { type Kysely, sql } from 'kysely';

/**
 * When an order was delivered (docs/shop-rules.md, "Returns"): the return windows count from it. Until
 * now the delivered order's last change stood for it; those orders take that time, which was the
 * delivery's, since nothing changes a delivered order's row afterwards.
 */
// Migrations take Kysely<any>: they describe the schema as it was then, not as the types say now.
/* eslint-disable @typescript-eslint/no-explicit-any */

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('orders').addColumn('delivered_at', 'text').execute();
  await sql`update orders set delivered_at = updated_at where status = 'delivered'`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('orders').dropColumn('delivered_at').execute();
}
