import { z } from 'zod';
import * as copy from '../copy';
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

/**
 * A review is the signed-in customer's, under their display name: `name` may be left out (the form
 * does) and, when sent, must be that name. One review of the shop and one of each part: writing again
 * replaces the earlier one.
 */
export const reviewInputSchema = z.strictObject({
  name: requiredText(v.nameRequired, 80).optional(),
  rating: z.number({ error: v.rettingRequired }).int(v.rettingInvalid).min(0, v.rettingInvalid).max(5, v.rettingInvalid),
  text: requiredText(v.reviewRequired, 2000),
  imageUrl: requiredText(v.imageRequired, 500),
  /** The part the review is about, when the customer picks one: feeds that part's rating. */
  partId: z.string().min(1).max(64).optional(),
});
export type ReviewInput = z.infer<typeof reviewInputSchema>;

/** 201 with `replaced: false` for a first review of its subject, 200 with `replaced: true` when it took an earlier one's place. */
export const reviewSavedSchema = z.object({ id: z.string(), replaced: z.boolean() });
export type ReviewSaved = z.infer<typeof reviewSavedSchema>;

/**
 * The Add Review form's fields (the photo is uploaded first; Retting arrives as a number from the star
 * input). Name shows the display name, read-only, and is not sent.
 */
export const reviewFormSchema = z.object({
  name: z.string(),
  rating: z.number({ error: v.rettingRequired }).int(v.rettingInvalid).min(0, v.rettingInvalid).max(5, v.rettingInvalid),
  text: requiredText(v.reviewRequired, 2000),
});
export type ReviewForm = z.infer<typeof reviewFormSchema>;
