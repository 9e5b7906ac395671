import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { MyOrdersView, OrderList } from '#shared/schemas/orders';
import { apiCall, type ApiCall, apiRequest, queryString } from '../../../lib/api-client';
import type { OrderFilterValues } from '../lib/order-filters';

export interface MyOrdersQuery extends OrderFilterValues {
  view: MyOrdersView;
  page: number;
  limit: number;
}

/** The signed-in user's orders, newest first: the open ones, the cancelled ones, or all; found by number and booking days. */
export function getMyOrders({ view, q, from, to, page, limit }: MyOrdersQuery, call: ApiCall = {}): Promise<OrderList> {
  return apiRequest<OrderList>(`/api/me/orders${queryString({ view, q, from, to, page, limit })}`, call);
}

export function myOrdersQueryOptions(query: MyOrdersQuery) {
  return queryOptions({
    queryKey: ['orders', 'mine', query],
    queryFn: (context) => getMyOrders(query, apiCall(context)),
    // An order's status changes elsewhere (paid on another tab, shipped by an admin, expired).
    staleTime: 0,
  });
}

/** A page of My Orders; while the next page loads, the previous one stays on screen. `enabled: false` asks nothing. */
export function useMyOrdersQuery(query: MyOrdersQuery, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...myOrdersQueryOptions(query), placeholderData: keepPreviousData, enabled });
}
