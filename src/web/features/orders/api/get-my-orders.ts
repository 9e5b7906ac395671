import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { MyOrdersView, OrderList } from '#shared/schemas/orders';
import { apiCall, type ApiCall, apiRequest, queryString } from '../../../lib/api-client';

export interface MyOrdersQuery {
  view: MyOrdersView;
  page: number;
  limit: number;
}

/** The signed-in user's orders, newest first: the open ones, the cancelled ones, or all. */
export function getMyOrders({ view, page, limit }: MyOrdersQuery, call: ApiCall = {}): Promise<OrderList> {
  return apiRequest<OrderList>(`/api/me/orders${queryString({ view, page, limit })}`, call);
}

export function myOrdersQueryOptions(query: MyOrdersQuery) {
  return queryOptions({
    queryKey: ['orders', 'mine', query],
    queryFn: (context) => getMyOrders(query, apiCall(context)),
    // An order's status changes elsewhere (paid on another tab, shipped by an admin, expired).
    staleTime: 0,
  });
}

/** A page of My Orders; while the next page loads, the previous one stays on screen. */
export function useMyOrdersQuery(query: MyOrdersQuery) {
  return useQuery({ ...myOrdersQueryOptions(query), placeholderData: keepPreviousData });
}
