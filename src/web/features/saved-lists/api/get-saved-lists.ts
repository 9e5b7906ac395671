import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ListSummaries } from '#shared/schemas/saved-lists';
import { apiCall, type ApiCall, apiRequest } from '../../../lib/api-client';

/** Every saved-list query starts with this key: invalidating it refreshes the lists and any open list. */
export const savedListsQueryKey = ['saved-lists'] as const;

/** The company's saved lists (GET /api/me/lists), the most recently changed first. */
export function getSavedLists(call: ApiCall = {}): Promise<ListSummaries> {
  return apiRequest<ListSummaries>('/api/me/lists', call);
}

export function savedListsQueryOptions() {
  return queryOptions({
    queryKey: [...savedListsQueryKey, 'all'] as const,
    queryFn: (context) => getSavedLists(apiCall(context)),
    // Colleagues change the company's lists too.
    staleTime: 0,
    // A 403 (no approved company) is an answer the page shows, not a fault to retry.
    retry: false,
  });
}

export function useSavedListsQuery() {
  return useQuery(savedListsQueryOptions());
}
