import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ReviewList } from '#shared/schemas/reviews';
import { apiCall, type ApiCall, apiRequest, queryString } from '../../../lib/api-client';

export interface ReviewsQuery {
  page?: number;
  limit?: number;
}

/**
 * The landing page's latest 9 (docs/shop-rules.md, "Landing page"), asked for by its section and ahead
 * by its loader. Equal to LANDING_REVIEW_COUNT in #shared/schemas/reviews, which is not imported here
 * because that module would pull zod into the landing page's first chunk.
 */
export const latestReviewsQuery: ReviewsQuery = { limit: 9 };

/** Reviews, newest first. */
export function getReviews(query: ReviewsQuery, call: ApiCall = {}): Promise<ReviewList> {
  return apiRequest<ReviewList>(`/api/reviews${queryString({ page: query.page, limit: query.limit })}`, call);
}

export function reviewsQueryOptions(query: ReviewsQuery) {
  return queryOptions({
    queryKey: ['reviews', 'list', query],
    queryFn: (context) => getReviews(query, apiCall(context)),
  });
}

export function useReviewsQuery(query: ReviewsQuery) {
  return useQuery({ ...reviewsQueryOptions(query), placeholderData: keepPreviousData });
}
