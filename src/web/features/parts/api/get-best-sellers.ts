import { queryOptions, useQuery } from '@tanstack/react-query';
import type { BestSellers, Part } from '#shared/schemas/parts';
import { apiCall, type ApiCall, apiRequest, queryString } from '../../../lib/api-client';

export const BEST_SELLER_COUNT = 9;

/** The carousel's parts: most units in paid orders first, topped up with the newest while few have sold. */
export async function getBestSellers(call: ApiCall = {}): Promise<Part[]> {
  const list = await apiRequest<BestSellers>(`/api/parts/best-sellers${queryString({ limit: BEST_SELLER_COUNT })}`, call);
  return list.items;
}

export function bestSellersQueryOptions() {
  return queryOptions({
    queryKey: ['parts', 'best-sellers'],
    queryFn: (context) => getBestSellers(apiCall(context)),
  });
}

export function useBestSellersQuery() {
  return useQuery(bestSellersQueryOptions());
}
