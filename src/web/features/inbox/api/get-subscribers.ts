import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { subscriberListSchema } from '#shared/schemas/content';
import { apiCall, type ApiCall, apiRequest, queryString } from '../../../lib/api-client';
import type { InboxQuery } from './get-contact-messages';

export type SubscriberList = z.infer<typeof subscriberListSchema>;

/** The whole list as a CSV file, for a plain download link (admin only). */
export const SUBSCRIBERS_CSV_URL = '/api/newsletter-subscribers.csv';

/** Newsletter subscribers, newest first (admin only). */
export function getSubscribers(query: InboxQuery, call: ApiCall = {}): Promise<SubscriberList> {
  return apiRequest<SubscriberList>(`/api/newsletter-subscribers${queryString({ page: query.page, limit: query.limit })}`, call);
}

export function subscribersQueryOptions(query: InboxQuery) {
  return queryOptions({
    queryKey: ['newsletter-subscribers', 'list', query],
    queryFn: (context) => getSubscribers(query, apiCall(context)),
    staleTime: 0,
  });
}

export function useSubscribersQuery(query: InboxQuery) {
  return useQuery({ ...subscribersQueryOptions(query), placeholderData: keepPreviousData });
}
