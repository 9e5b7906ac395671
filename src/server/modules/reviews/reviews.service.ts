import { copy } from '#shared/copy';
import type { Review, ReviewInput, ReviewList } from '#shared/schemas/reviews';
import type { Clock } from '../../clock';
import type { Db } from '../../db/database';
import type { ReviewRow } from '../../db/schema';
import { AppError } from '../../http/errors';
import { newId } from '../../ids';
import { usersWithPaidOrders } from '../orders/orders.repository';
import { isLivePart } from '../parts';
import { type ObjectStorage, isOwnUpload } from '../uploads';
import { insertReview, listNewestReviews } from './reviews.repository';

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

export interface ReviewsServiceDeps {
  clock: Clock;
  storage: ObjectStorage;
}

export function createReviewsService(db: Db, { clock, storage }: ReviewsServiceDeps) {
  return {
    async listReviews(query: { page: number; limit: number }): Promise<ReviewList> {
      const { rows, total } = await listNewestReviews(db, query);
      // "Verified buyer": the author has a paid (or later) order; one query for the whole page.
      const buyers = await usersWithPaidOrders(
        db,
        rows.flatMap((row) => (row.user_id ? [row.user_id] : [])),
      );
      const verified = (row: ReviewRow) => row.user_id !== null && buyers.has(row.user_id);
      return { items: rows.map((row) => toReview(row, verified(row))), total, page: query.page, limit: query.limit };
    },

    async addReview(userId: string, input: ReviewInput): Promise<{ id: string }> {
      const fieldErrors: Record<string, string> = {};
      if (!(await isOwnUpload(storage, input.imageUrl))) fieldErrors.imageUrl = copy.users.imageNotUploaded;
      if (input.partId !== undefined && !(await isLivePart(db, input.partId))) fieldErrors.partId = copy.reviews.partNotFound;
      if (Object.keys(fieldErrors).length > 0) {
        throw new AppError('validation_failed', 'Please correct the highlighted body fields.', fieldErrors);
      }
      const id = newId();
      await insertReview(db, {
        id,
        user_id: userId,
        part_id: input.partId ?? null,
        name: input.name,
        rating: input.rating,
        text: input.text,
        image_url: input.imageUrl,
        created_at: clock.now().toISOString(),
      });
      return { id };
    },
  };
}

export type ReviewsService = ReturnType<typeof createReviewsService>;
