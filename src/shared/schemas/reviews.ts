import { z } from 'zod';
import { copy } from '../copy';
import { isoDateTime, limitSchema, pageOf, pageSchema, requiredText } from './common';

const v = copy.validation;

export const LANDING_REVIEW_COUNT = 9;

export const listReviewsQuerySchema = z.object({
  limit: limitSchema(60, 60),
  page: pageSchema,
});

export const reviewSchema = z.object({
  id: z.string(),
  name: z.string(),
  rating: z.number().int(),
  text: z.string(),
  imageUrl: z.string(),
  verified: z.boolean(),
  createdAt: isoDateTime,
});
export type Review = z.infer<typeof reviewSchema>;
export const reviewListSchema = pageOf(reviewSchema);
export type ReviewList = z.infer<typeof reviewListSchema>;

export const reviewInputSchema = z.strictObject({
  name: requiredText(v.nameRequired, 80),
  rating: z.number({ error: v.rettingRequired }).int(v.rettingInvalid).min(0, v.rettingInvalid).max(5, v.rettingInvalid),
  text: requiredText(v.reviewRequired, 2000),
  imageUrl: requiredText(v.imageRequired, 500),
  /** The part the review is about, when the customer picks one: feeds that part's rating. */
  partId: z.string().min(1).max(64).optional(),
});
export type ReviewInput = z.infer<typeof reviewInputSchema>;

/** The Add Review form's fields (the photo is uploaded first; Retting arrives as a number from the star input). */
export const reviewFormSchema = z.object({
  name: requiredText(v.nameRequired, 80),
  rating: z.number({ error: v.rettingRequired }).int(v.rettingInvalid).min(0, v.rettingInvalid).max(5, v.rettingInvalid),
  text: requiredText(v.reviewRequired, 2000),
});
export type ReviewForm = z.infer<typeof reviewFormSchema>;
