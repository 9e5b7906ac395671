import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ApiKeyList } from '#shared/schemas/api-keys';
import { apiCall, type ApiCall, apiRequest } from '../../../lib/api-client';

export const apiKeysQueryKey = ['api-keys'] as const;

/** The live keys of the admin's company, or of the shop (GET /api/api-keys), newest first. */
export function getApiKeys(call: ApiCall = {}): Promise<ApiKeyList> {
  return apiRequest<ApiKeyList>('/api/api-keys', call);
}

export function apiKeysQueryOptions() {
  return queryOptions({
    queryKey: apiKeysQueryKey,
    queryFn: (context) => getApiKeys(apiCall(context)),
    staleTime: 0,
    // A 403 (not a company admin or shop admin) is an answer the page shows, not a fault to retry.
    retry: false,
  });
}

export function useApiKeysQuery() {
  return useQuery(apiKeysQueryOptions());
}
