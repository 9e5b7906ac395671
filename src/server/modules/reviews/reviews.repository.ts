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

export async function insertReview(db: Db, row: ReviewRow): Promise<void> {
  await db.insertInto('reviews').values(row).execute();
}
