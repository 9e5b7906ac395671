import { type Kysely, sql } from 'kysely';

/**
 * Supersessions (docs/shop-rules.md, "Part numbers that change"): a part number replaced by another
 * part, so that the old number still finds, quick-orders and reorders the part that replaced it.
 *
 * - part_supersessions: one row per replaced number. `from_key` is the number as search and quick
 *   order compare it (upper-case, without spaces, dots or hyphens: `partNumberKey`), unique, so a
 *   number is replaced by one part only; `from_number` is the number as the admin wrote it, for
 *   display. `quantity_factor` is how many of the new part one of the old equals. `since` is a day
 *   (YYYY-MM-DD). A row goes with its part when the part is deleted.
 * - cart_lines.ordered_number and order_lines.ordered_number: the number the buyer typed when it
 *   differs from the part's SKU (a replaced one), carried from the cart to the order so that the
 *   order and its invoice keep the number as it was ordered; null when the SKU itself was ordered.
 */
// Migrations take Kysely<any>: they describe the schema as it was then, not as the types say now.
/* eslint-disable @typescript-eslint/no-explicit-any */

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('part_supersessions')
    .addColumn('from_key', 'text', (c) => c.primaryKey().check(sql.raw('length(from_key) between 1 and 64')))
    .addColumn('from_number', 'text', (c) => c.notNull().check(sql.raw('length(from_number) between 1 and 64')))
    .addColumn('to_part_id', 'text', (c) => c.notNull().references('parts.id').onDelete('cascade'))
    .addColumn('quantity_factor', 'integer', (c) => c.notNull().defaultTo(1).check(sql.raw('quantity_factor between 1 and 1000')))
    .addColumn('since', 'text', (c) => c.notNull())
    .addColumn('note', 'text', (c) => c.notNull().defaultTo('').check(sql.raw('length(note) <= 500')))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  // The numbers a part replaces (its admin page, and the chains followed back from it).
  await db.schema.createIndex('part_supersessions_to_part_idx').on('part_supersessions').column('to_part_id').execute();

  await db.schema.alterTable('cart_lines').addColumn('ordered_number', 'text').execute();
  await db.schema.alterTable('order_lines').addColumn('ordered_number', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('order_lines').dropColumn('ordered_number').execute();
  await db.schema.alterTable('cart_lines').dropColumn('ordered_number').execute();
  await db.schema.dropTable('part_supersessions').execute();
}
