import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ShopInfo } from '#shared/schemas/content';
import { apiCall, type ApiCall, apiRequest } from '../../../lib/api-client';

/** How the shop is set up: demo mode (and its accounts) and whether Google sign-in is configured. */
export function getShopInfo(call: ApiCall = {}): Promise<ShopInfo> {
  return apiRequest<ShopInfo>('/api/shop', call);
}

export function shopInfoQueryOptions() {
  return queryOptions({
    queryKey: ['shop-info'],
    queryFn: (context) => getShopInfo(apiCall(context)),
    // Fixed for the life of the server.
    staleTime: Infinity,
  });
}

export function useShopInfoQuery() {
  return useQuery(shopInfoQueryOptions());
}
