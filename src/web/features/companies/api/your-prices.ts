import { queryOptions, useQuery } from '@tanstack/react-query';
import { type CompanyPricing } from '#shared/pricing';
import type { YourPrices } from '#shared/schemas/companies';
import { apiCall, type ApiCall, apiRequest } from '../../../lib/api-client';

/**
 * "Your price" of these parts for the signed-in member (GET /api/me/prices): asked after the page's
 * public, cached answer has drawn the list price, so the catalogue stays the same for everyone.
 */
export function getYourPrices(partIds: readonly string[], call: ApiCall = {}): Promise<YourPrices> {
  return apiRequest<YourPrices>(`/api/me/prices?parts=${partIds.map(encodeURIComponent).join(',')}`, call);
}

export function yourPricesQueryOptions(partIds: readonly string[]) {
  return queryOptions({
    queryKey: ['me', 'prices', [...partIds].sort()],
    queryFn: (context) => getYourPrices(partIds, apiCall(context)),
    staleTime: 60_000,
  });
}

/** The member's prices of these parts; `enabled: false` (a visitor, someone in no active company) asks nothing. */
export function useYourPricesQuery(partIds: readonly string[], { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...yourPricesQueryOptions(partIds), enabled: enabled && partIds.length > 0 });
}

/** The company pricing of one part from the answer, for `memberUnitPriceCents`; null when none. */
export function companyPricingOf(prices: YourPrices | undefined, partId: string): CompanyPricing | null {
  const item = prices?.items.find((entry) => entry.partId === partId);
  return item && prices ? { discountPercent: prices.discountPercent, contractPriceCents: item.contractPriceCents } : null;
}
