import { type Kysely, sql } from 'kysely';

/**
 * Saved lists (docs/shop-rules.md, "Trade accounts"): named lists of parts and quantities that the
 * members of a company share ("Weekly service stock") and add to their carts at once.
 *
 * - saved_lists: the company's lists. `name_key` is the name trimmed and lower-cased by the server,
 *   unique per company, so that "Brakes" and "brakes" are one name on both engines (SQLite's lower()
 *   folds ASCII only). `created_by` goes null when its account is deleted; the list stays the company's.
 * - saved_list_items: one row per list and part (kept by the part, so a changed SKU keeps the line),
 *   in the order the list was written (`position`). A line goes with its part when the part is
 *   deleted, as a cart line does.
 */
// Migrations take Kysely<any>: they describe the schema as it was then, not as the types say now.
/* eslint-disable @typescript-eslint/no-explicit-any */

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('saved_lists')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('company_id', 'text', (c) => c.notNull().references('companies.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull().check(sql.raw('length(name) between 1 and 80')))
    .addColumn('name_key', 'text', (c) => c.notNull())
    .addColumn('created_by', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('saved_lists_company_name_key', ['company_id', 'name_key'])
    .execute();
  // The company's lists, most recently changed first.
  await db.schema
    .createIndex('saved_lists_company_updated_idx')
    .on('saved_lists')
    .columns(['company_id', 'updated_at'])
    .execute();
  await db.schema.createIndex('saved_lists_created_by_idx').on('saved_lists').column('created_by').execute();

  await db.schema
    .createTable('saved_list_items')
    .addColumn('list_id', 'text', (c) => c.notNull().references('saved_lists.id').onDelete('cascade'))
    .addColumn('part_id', 'text', (c) => c.notNull().references('parts.id').onDelete('cascade'))
    .addColumn('quantity', 'integer', (c) => c.notNull().check(sql.raw('quantity >= 1')))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('saved_list_items_pk', ['list_id', 'part_id'])
    .execute();
  await db.schema.createIndex('saved_list_items_part_idx').on('saved_list_items').column('part_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('saved_list_items').execute();
  await db.schema.dropTable('saved_lists').execute();
}
