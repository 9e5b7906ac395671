import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Overview, OverviewDays } from '#shared/schemas/overview';
import { apiCall, type ApiCall, apiRequest } from '../../../lib/api-client';

/** The admin overview over the last `days` days. */
export function getOverview(days: OverviewDays, call: ApiCall = {}): Promise<Overview> {
  return apiRequest<Overview>(`/api/admin/overview?days=${days}`, call);
}

export function overviewQueryOptions(days: OverviewDays) {
  return queryOptions({
    // Under 'orders': what changes an order (paid, shipped, cancelled) refreshes the overview too.
    queryKey: ['orders', 'overview', days],
    queryFn: (context) => getOverview(days, apiCall(context)),
    meta: { asUser: true },
  });
}

/** The overview; switching the period keeps the last figures on screen until the new ones arrive. */
export function useOverviewQuery(days: OverviewDays) {
  return useQuery({ ...overviewQueryOptions(days), placeholderData: keepPreviousData });
}
