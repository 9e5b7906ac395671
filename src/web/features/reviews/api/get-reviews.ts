import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ReviewList } from '#shared/schemas/reviews';
import { apiCall, type ApiCall, apiRequest, queryString } from '../../../lib/api-client';

export interface ReviewsQuery {
  page?: number;
  limit?: number;
}

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
