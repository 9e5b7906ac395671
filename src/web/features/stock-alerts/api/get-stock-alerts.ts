import { queryOptions, useQuery } from '@tanstack/react-query';
import type { StockAlertList } from '#shared/schemas/stock-alerts';
import { apiCall, type ApiCall, apiRequest } from '../../../lib/api-client';

export const stockAlertsQueryKey = ['me', 'stock-alerts'] as const;

/**
 * The sold-out parts the customer asked to hear about (GET /api/me/stock-alerts): asked after the
 * public, cached part page has drawn, so that page stays the same for everyone.
 */
export function getStockAlerts(call: ApiCall = {}): Promise<StockAlertList> {
  return apiRequest<StockAlertList>('/api/me/stock-alerts', call);
}

export function stockAlertsQueryOptions() {
  return queryOptions({
    queryKey: stockAlertsQueryKey,
    queryFn: (context) => getStockAlerts(apiCall(context)),
    staleTime: 60_000,
  });
}

/** The customer's waiting requests; `enabled: false` (a visitor, a shop admin) asks nothing. */
export function useStockAlertsQuery({ enabled }: { enabled: boolean }) {
  return useQuery({ ...stockAlertsQueryOptions(), enabled });
}
