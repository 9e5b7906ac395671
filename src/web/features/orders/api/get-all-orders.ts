import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { OrderList, OrderStatus } from '#shared/schemas/orders';
import { apiCall, type ApiCall, apiRequest, queryString } from '../../../lib/api-client';
import type { OrderFilterValues } from '../lib/order-filters';

export interface AllOrdersQuery extends OrderFilterValues {
  status?: OrderStatus;
  page?: number;
  limit?: number;
}

/** Every customer's orders, newest first, optionally of one status, found by number and booking days (admin only). */
export function getAllOrders({ status, q, from, to, page, limit }: AllOrdersQuery, call: ApiCall = {}): Promise<OrderList> {
  return apiRequest<OrderList>(`/api/orders${queryString({ status, q, from, to, page, limit })}`, call);
}

export function allOrdersQueryOptions(query: AllOrdersQuery) {
  return queryOptions({
    // Under ['orders'], so every order action (here or in My Orders) makes this list stale.
    queryKey: ['orders', 'all', query],
    queryFn: (context) => getAllOrders(query, apiCall(context)),
    // Customers book, pay and cancel while an admin looks at the list.
    staleTime: 0,
  });
}

/** A page of all orders; while the next page or filter loads, the previous one stays on screen. */
export function useAllOrdersQuery(query: AllOrdersQuery) {
  return useQuery({ ...allOrdersQueryOptions(query), placeholderData: keepPreviousData });
}
