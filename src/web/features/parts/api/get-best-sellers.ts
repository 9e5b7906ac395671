import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Part, PartList } from '#shared/schemas/parts';
import { apiRequest, queryString } from '../../../lib/api-client';

export const BEST_SELLER_COUNT = 9;

/**
 * The carousel's parts. Until orders exist this is the newest parts; the orders issue points this
 * fetcher at the best-seller endpoint and nothing else changes.
 */
export async function getBestSellers(signal?: AbortSignal): Promise<Part[]> {
  const page = await apiRequest<PartList>(`/api/parts${queryString({ sort: 'newest', limit: BEST_SELLER_COUNT })}`, { signal });
  return page.items;
}

export function bestSellersQueryOptions() {
  return queryOptions({
    queryKey: ['parts', 'best-sellers'],
    queryFn: ({ signal }) => getBestSellers(signal),
  });
}

export function useBestSellersQuery() {
  return useQuery(bestSellersQueryOptions());
}
