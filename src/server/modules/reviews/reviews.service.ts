import * as copy from '#shared/copy';
import type { Review, ReviewInput, ReviewList, ReviewSaved } from '#shared/schemas/reviews';
import type { Clock } from '../../clock';
import type { Db } from '../../db/database';
import type { ReviewRow } from '../../db/schema';
import { AppError } from '../../app-error';
import type { SessionUser } from '../../session-user';
import type { EventBus } from '../../events';
import { newId } from '../../ids';
import { boughtSubjects } from '../orders';
import { isLivePart } from '../parts';
import { type ObjectStorage, isOwnUpload } from '../uploads';
import { listNewestReviews, saveReview } from './reviews.repository';

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
  /** Where the service announces what it did (reviewSaved). */
  events: EventBus;
}

export function createReviewsService(db: Db, { clock, storage, events }: ReviewsServiceDeps) {
  return {
    async listReviews(query: { page: number; limit: number }): Promise<ReviewList> {
      const { rows, total } = await listNewestReviews(db, query);
      // "Verified buyer": the author has a paid (or later) order of the part reviewed, or of anything
      // for a review of the shop; one query for the whole page.
      const authored = rows.flatMap((row) => (row.user_id ? [{ row, userId: row.user_id }] : []));
      const bought = await boughtSubjects(
        db,
        authored.map(({ row, userId }) => ({ userId, partId: row.part_id })),
      );
      const verifiedRows = new Set(authored.filter((_, position) => bought.has(position)).map(({ row }) => row));
      return {
        items: rows.map((row) => toReview(row, verifiedRows.has(row))),
        total,
        page: query.page,
        limit: query.limit,
      };
    },

    /**
     * The customer's review of the shop, or of a part: their first is added, a later one replaces it.
     * It shows their display name; a `name` in the request must be that name.
     */
    async addReview(user: SessionUser, input: ReviewInput): Promise<ReviewSaved> {
      const fieldErrors: Record<string, string> = {};
      if (input.name !== undefined && input.name !== user.name.trim()) fieldErrors.name = copy.reviews.nameNotYours;
      if (!(await isOwnUpload(storage, input.imageUrl))) fieldErrors.imageUrl = copy.users.imageNotUploaded;
      if (input.partId !== undefined && !(await isLivePart(db, input.partId))) fieldErrors.partId = copy.reviews.partNotFound;
      if (Object.keys(fieldErrors).length > 0) {
        throw new AppError('validation_failed', 'Please correct the highlighted body fields.', fieldErrors);
      }
      const saved = await saveReview(db, {
        id: newId(),
        user_id: user.id,
        part_id: input.partId ?? null,
        name: user.name,
        rating: input.rating,
        text: input.text,
        image_url: input.imageUrl,
        created_at: clock.now().toISOString(),
      });
      events.committed('reviewSaved', { reviewId: saved.id });
      return saved;
    },
  };
}

export type ReviewsService = ReturnType<typeof createReviewsService>;
