import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { contactMessageListSchema } from '#shared/schemas/content';
import { apiCall, type ApiCall, apiRequest, queryString } from '../../../lib/api-client';

export type ContactMessageList = z.infer<typeof contactMessageListSchema>;

export interface InboxQuery {
  page?: number;
  limit?: number;
}

/** Messages from the landing page's contact form, newest first (admin only). */
export function getContactMessages(query: InboxQuery, call: ApiCall = {}): Promise<ContactMessageList> {
  return apiRequest<ContactMessageList>(`/api/contact-messages${queryString({ page: query.page, limit: query.limit })}`, call);
}

export function contactMessagesQueryOptions(query: InboxQuery) {
  return queryOptions({
    queryKey: ['contact-messages', 'list', query],
    queryFn: (context) => getContactMessages(query, apiCall(context)),
    // Visitors write at any time.
    staleTime: 0,
  });
}

export function useContactMessagesQuery(query: InboxQuery) {
  return useQuery({ ...contactMessagesQueryOptions(query), placeholderData: keepPreviousData });
}
