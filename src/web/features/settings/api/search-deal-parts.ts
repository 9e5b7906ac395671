import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { PartList } from '#shared/schemas/parts';
import { apiCall, type ApiCall, apiRequest, queryString } from '../../../lib/api-client';

/** How many parts the deal's search offers at once: enough to pick from, short enough to tab through. */
export const DEAL_SEARCH_LIMIT = 8;

/** Parts found by name, SKU or cross-reference number, the best match first (GET /api/parts), to add to the deal. */
export function searchDealParts(q: string, call: ApiCall = {}): Promise<PartList> {
  return apiRequest<PartList>(`/api/parts${queryString({ q, sort: 'relevance', limit: DEAL_SEARCH_LIMIT })}`, call);
}

export function dealPartSearchQueryOptions(q: string) {
  return queryOptions({
    queryKey: ['parts', 'list', 'deal-search', q],
    queryFn: (context) => searchDealParts(q, apiCall(context)),
  });
}

/** The parts a search finds; asked only for a text of two characters or more, the last answer kept while typing. */
export function useDealPartSearch(q: string) {
  return useQuery({ ...dealPartSearchQueryOptions(q), enabled: q.length >= 2, placeholderData: keepPreviousData });
}
