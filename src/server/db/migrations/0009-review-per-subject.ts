import { type Kysely, sql, SqliteAdapter } from 'kysely';

/**
 * One review per customer and subject (docs/decisions/0015-one-review-per-subject.md): at most one
 * review of the shop (`part_id` null) and one of each part; writing again replaces it.
 *
 * - Duplicates already stored are resolved first: the newest per customer and subject stays (by
 *   `created_at`, then id). Reviews without an author (the demo data) are left as they are.
 * - `reviews_subject_idx`, unique on `(user_id, coalesce(part_id, ''))`, holds the rule on both engines
 *   and is the conflict target of the writing upsert. It leads with `user_id`, so it replaces
 *   `reviews_user_idx`.
 * - A part's reviews are deleted with the part (`on delete cascade`; a part is only deleted when nobody
 *   ordered it). Before, they stayed with `part_id` set null: they turned into reviews of the shop, and a
 *   customer could end up with two. SQLite cannot change a foreign key in place, so the table is rebuilt.
 * - Account pictures that no form of the shop could have set (the sign-up body took any `image`: a
 *   `javascript:` URL, 900 KB of text) are cleared. Kept: the shop's own uploads and Google's https pictures.
 */
// Migrations take Kysely<any>: they describe the schema as it was then, not as the types say now.
/* eslint-disable @typescript-eslint/no-explicit-any */
export async function up(db: Kysely<any>): Promise<void> {
  const sqlite = db.getExecutor().adapter instanceof SqliteAdapter;

  await sql`
    delete from reviews
    where user_id is not null and exists (
      select 1 from reviews newer
      where newer.user_id = reviews.user_id
        and coalesce(newer.part_id, '') = coalesce(reviews.part_id, '')
        and (newer.created_at > reviews.created_at or (newer.created_at = reviews.created_at and newer.id > reviews.id))
    )`.execute(db);

  if (sqlite) {
    await rebuildSqliteReviews(db, 'cascade');
  } else {
    await sql`alter table reviews drop constraint reviews_part_id_fkey`.execute(db);
    await sql`alter table reviews add constraint reviews_part_id_fkey foreign key (part_id) references parts (id) on delete cascade`.execute(
      db,
    );
    await db.schema.dropIndex('reviews_user_idx').execute();
  }
  await sql`create unique index reviews_subject_idx on reviews (user_id, coalesce(part_id, ''))`.execute(db);

  await sql`
    update users set image = null
    where image is not null
      and (length(image) > 500 or not (image like '/uploads/%' or image like 'https://%'))`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  const sqlite = db.getExecutor().adapter instanceof SqliteAdapter;
  await db.schema.dropIndex('reviews_subject_idx').execute();
  if (sqlite) {
    await rebuildSqliteReviews(db, 'set null');
    await db.schema.createIndex('reviews_user_idx').on('reviews').column('user_id').execute();
    return;
  }
  await sql`alter table reviews drop constraint reviews_part_id_fkey`.execute(db);
  await sql`alter table reviews add constraint reviews_part_id_fkey foreign key (part_id) references parts (id) on delete set null`.execute(
    db,
  );
  await db.schema.createIndex('reviews_user_idx').on('reviews').column('user_id').execute();
}

/** SQLite's way to change a foreign key: a new table, the rows copied, the old one dropped, the indexes made again. */
async function rebuildSqliteReviews(db: Kysely<any>, onDelete: 'cascade' | 'set null'): Promise<void> {
  await db.schema
    .createTable('reviews_next')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text')
    .addColumn('part_id', 'text', (c) => c.references('parts.id').onDelete(onDelete))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('rating', 'integer', (c) => c.notNull().check(sql.raw('rating between 0 and 5')))
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('image_url', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await sql`
    insert into reviews_next (id, user_id, part_id, name, rating, text, image_url, created_at)
    select id, user_id, part_id, name, rating, text, image_url, created_at from reviews`.execute(db);
  await db.schema.dropTable('reviews').execute();
  await db.schema.alterTable('reviews_next').renameTo('reviews').execute();
  await db.schema.createIndex('reviews_created_idx').on('reviews').columns(['created_at', 'id']).execute();
  await db.schema.createIndex('reviews_part_idx').on('reviews').columns(['part_id', 'rating']).execute();
}
