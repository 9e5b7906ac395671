import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { MyOrdersView, OrderList } from '#shared/schemas/orders';
import { apiRequest, queryString } from '../../../lib/api-client';

export interface MyOrdersQuery {
  view: MyOrdersView;
  page: number;
  limit: number;
}

/** The signed-in user's orders, newest first: the open ones, the cancelled ones, or all. */
export function getMyOrders({ view, page, limit }: MyOrdersQuery, signal?: AbortSignal): Promise<OrderList> {
  return apiRequest<OrderList>(`/api/me/orders${queryString({ view, page, limit })}`, { signal });
}

export function myOrdersQueryOptions(query: MyOrdersQuery) {
  return queryOptions({
    queryKey: ['orders', 'mine', query],
    queryFn: ({ signal }) => getMyOrders(query, signal),
    // An order's status changes elsewhere (paid on another tab, shipped by an admin, expired).
    staleTime: 0,
  });
}

/** A page of My Orders; while the next page loads, the previous one stays on screen. */
export function useMyOrdersQuery(query: MyOrdersQuery) {
  return useQuery({ ...myOrdersQueryOptions(query), placeholderData: keepPreviousData });
}
