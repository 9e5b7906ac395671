import type { Db } from '../../db/database';
import type { ReviewRow } from '../../db/schema';

export async function listNewestReviews(
  db: Db,
  { page, limit }: { page: number; limit: number },
): Promise<{ rows: ReviewRow[]; total: number }> {
  const [rows, counted] = await Promise.all([
    db
      .selectFrom('reviews')
      .selectAll()
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(limit)
      .offset((page - 1) * limit)
      .execute(),
    db
      .selectFrom('reviews')
      .select((eb) => eb.fn.countAll<number>().as('total'))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(counted.total) };
}

export async function insertReview(db: Db, row: ReviewRow): Promise<void> {
  await db.insertInto('reviews').values(row).execute();
}
