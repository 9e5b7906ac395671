import { type Kysely, sql } from 'kysely';

// Migrations take Kysely<any>: they describe the schema as it was then, not as the types say now.
/* eslint-disable @typescript-eslint/no-explicit-any */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('parts')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('price_cents', 'integer', (c) => c.notNull().check(sql.raw('price_cents >= 0')))
    .addColumn('stock', 'integer', (c) => c.notNull().check(sql.raw('stock >= 0')))
    .addColumn('min_order_quantity', 'integer', (c) => c.notNull().defaultTo(12))
    .addColumn('image_url', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('archived_at', 'text')
    .execute();
  // The shop lists only live parts; each sort has its own index, newest first with the id as tie-break.
  await db.schema.createIndex('parts_live_created_idx').on('parts').columns(['archived_at', 'created_at', 'id']).execute();
  await db.schema.createIndex('parts_live_price_idx').on('parts').columns(['archived_at', 'price_cents', 'id']).execute();
  await db.schema.createIndex('parts_live_name_idx').on('parts').columns(['archived_at', 'name', 'id']).execute();

  await db.schema
    .createTable('reviews')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text')
    .addColumn('part_id', 'text', (c) => c.references('parts.id').onDelete('set null'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('rating', 'integer', (c) => c.notNull().check(sql.raw('rating between 0 and 5')))
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('image_url', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('reviews_created_idx').on('reviews').columns(['created_at', 'id']).execute();
  await db.schema.createIndex('reviews_user_idx').on('reviews').column('user_id').execute();
  await db.schema.createIndex('reviews_part_idx').on('reviews').columns(['part_id', 'rating']).execute();

  await db.schema
    .createTable('blog_posts')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('slug', 'text', (c) => c.notNull().unique())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('excerpt', 'text', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('image_url', 'text', (c) => c.notNull())
    .addColumn('author', 'text', (c) => c.notNull())
    .addColumn('published_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('blog_posts_published_idx').on('blog_posts').columns(['published_at', 'id']).execute();

  await db.schema
    .createTable('settings')
    .addColumn('id', 'integer', (c) => c.primaryKey().check(sql.raw('id = 1')))
    .addColumn('flash_deal_ends_at', 'text', (c) => c.notNull())
    .addColumn('flash_deal_discount_text', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('contact_messages')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('message', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('handled_at', 'text')
    .execute();
  await db.schema.createIndex('contact_messages_created_idx').on('contact_messages').columns(['created_at', 'id']).execute();

  await db.schema
    .createTable('newsletter_subscribers')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('email', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('newsletter_subscribers_created_idx')
    .on('newsletter_subscribers')
    .columns(['created_at', 'id'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['newsletter_subscribers', 'contact_messages', 'settings', 'blog_posts', 'reviews', 'parts']) {
    await db.schema.dropTable(table).execute();
  }
}
