import { sql } from 'kysely';
import type { Db } from '../../db/database';
import { fetchPage, type PageRequest } from '../../db/pagination';
import type { ReviewRow } from '../../db/schema';

export async function listNewestReviews(db: Db, page: PageRequest): Promise<{ rows: ReviewRow[]; total: number }> {
  const reviews = db.selectFrom('reviews');
  return fetchPage(
    reviews.selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc'),
    reviews.select((eb) => eb.fn.countAll<number>().as('total')),
    page,
  );
}

/**
 * Writes the customer's review of its subject (the part, or the shop when `part_id` is null) in one
 * statement: a first review is inserted; otherwise the earlier one is replaced in place (same id, new
 * words, stars, picture and time). `reviews_subject_idx` (migration 0009) is the conflict target, so two
 * writes at once still leave one review. Answers its id and whether it replaced one.
 */
export async function saveReview(db: Db, row: ReviewRow): Promise<{ id: string; replaced: boolean }> {
  const saved = await db
    .insertInto('reviews')
    .values(row)
    .onConflict((conflict) =>
      conflict.expression(sql`user_id, coalesce(part_id, '')`).doUpdateSet((eb) => ({
        name: eb.ref('excluded.name'),
        rating: eb.ref('excluded.rating'),
        text: eb.ref('excluded.text'),
        image_url: eb.ref('excluded.image_url'),
        created_at: eb.ref('excluded.created_at'),
      })),
    )
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: saved.id, replaced: saved.id !== row.id };
}
