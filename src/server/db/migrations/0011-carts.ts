import type { Kysely } from 'kysely';

/**
 * The customers' carts (docs/shop-rules.md, "Cart"): one row per customer and part, with the quantity
 * and the unit price the line had when it was last set, so the cart can say when the price has changed
 * since. A cart goes with its customer's account; a line goes with its part when the part is deleted
 * (a part that was never ordered), and stays, marked no longer sold, when it is archived. Lines keep
 * the order they were added in (`position`), however many are added at once.
 */
// Migrations take Kysely<any>: they describe the schema as it was then, not as the types say now.
/* eslint-disable @typescript-eslint/no-explicit-any */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('cart_lines')
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('part_id', 'text', (c) => c.notNull().references('parts.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('quantity', 'integer', (c) => c.notNull())
    .addColumn('unit_price_cents', 'integer', (c) => c.notNull())
    .addColumn('added_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('cart_lines_pk', ['user_id', 'part_id'])
    .execute();
  await db.schema.createIndex('cart_lines_part_idx').on('cart_lines').column('part_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('cart_lines').execute();
}
