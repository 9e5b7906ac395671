import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SavedList } from '#shared/schemas/saved-lists';
import { apiCall, type ApiCall, apiRequest } from '../../../lib/api-client';
import { savedListsQueryKey } from './get-saved-lists';

/** One saved list with its parts as they are today (GET /api/me/lists/:id). */
export function getSavedList(id: string, call: ApiCall = {}): Promise<SavedList> {
  return apiRequest<SavedList>(`/api/me/lists/${encodeURIComponent(id)}`, call);
}

export const savedListQueryKey = (id: string) => [...savedListsQueryKey, 'one', id] as const;

export function savedListQueryOptions(id: string) {
  return queryOptions({
    queryKey: savedListQueryKey(id),
    queryFn: (context) => getSavedList(id, apiCall(context)),
    staleTime: 0,
    // A 404 (deleted by a colleague) or 403 is shown as it is.
    retry: false,
  });
}

export function useSavedListQuery(id: string) {
  return useQuery(savedListQueryOptions(id));
}
