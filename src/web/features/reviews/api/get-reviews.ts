import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ReviewList } from '#shared/schemas/reviews';
import { apiRequest, queryString } from '../../../lib/api-client';

export interface ReviewsQuery {
  page?: number;
  limit?: number;
}

/** Reviews, newest first. */
export function getReviews(query: ReviewsQuery, signal?: AbortSignal): Promise<ReviewList> {
  return apiRequest<ReviewList>(`/api/reviews${queryString({ page: query.page, limit: query.limit })}`, { signal });
}

export function reviewsQueryOptions(query: ReviewsQuery) {
  return queryOptions({
    queryKey: ['reviews', 'list', query],
    queryFn: ({ signal }) => getReviews(query, signal),
  });
}

export function useReviewsQuery(query: ReviewsQuery) {
  return useQuery({ ...reviewsQueryOptions(query), placeholderData: keepPreviousData });
}
