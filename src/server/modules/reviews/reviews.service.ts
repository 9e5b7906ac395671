import type { Review, ReviewList } from '#shared/schemas/reviews';
import type { Db } from '../../db/database';
import type { ReviewRow } from '../../db/schema';
import { listNewestReviews } from './reviews.repository';

export function toReview(row: ReviewRow, verified: boolean): Review {
  return {
    id: row.id,
    name: row.name,
    rating: row.rating,
    text: row.text,
    imageUrl: row.image_url,
    verified,
    createdAt: row.created_at,
  };
}

export function createReviewsService(db: Db) {
  return {
    async listReviews(query: { page: number; limit: number }): Promise<ReviewList> {
      const { rows, total } = await listNewestReviews(db, query);
      // "Verified buyer" needs paid orders, which arrive with the orders module; until then nobody is verified.
      return { items: rows.map((row) => toReview(row, false)), total, page: query.page, limit: query.limit };
    },
  };
}

export type ReviewsService = ReturnType<typeof createReviewsService>;
