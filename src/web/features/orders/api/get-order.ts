import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Order } from '#shared/schemas/orders';
import { apiCall, type ApiCall, apiRequest } from '../../../lib/api-client';

/** One order, for its owner (or an admin); someone else's answers 404. */
export function getOrder(id: string, call: ApiCall = {}): Promise<Order> {
  return apiRequest<Order>(`/api/orders/${encodeURIComponent(id)}`, call);
}

export function orderQueryOptions(id: string) {
  return queryOptions({
    queryKey: ['orders', 'detail', id],
    queryFn: (context) => getOrder(id, apiCall(context)),
    staleTime: 0,
  });
}

export function useOrderQuery(id: string) {
  return useQuery(orderQueryOptions(id));
}
