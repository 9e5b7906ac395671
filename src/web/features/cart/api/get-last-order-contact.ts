import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Order, OrderList } from '#shared/schemas/orders';
import { apiCall, type ApiCall, apiRequest } from '../../../lib/api-client';

export interface OrderContact {
  phone: string;
  /** Null when that order was placed before addresses had fields. */
  deliveryAddress: Order['deliveryAddress'];
}

/**
 * The phone and delivery address of the customer's latest order, cancelled ones included, to prefill
 * the cart's order form (GET /api/me/orders?view=all&limit=1); null before their first order.
 */
export async function getLastOrderContact(call: ApiCall = {}): Promise<OrderContact | null> {
  const list = await apiRequest<OrderList>('/api/me/orders?view=all&limit=1', call);
  const last = list.items[0];
  return last ? { phone: last.customer.phone, deliveryAddress: last.deliveryAddress } : null;
}

export function lastOrderContactQueryOptions() {
  return queryOptions({
    queryKey: ['orders', 'mine', 'last-contact'] as const,
    queryFn: (context) => getLastOrderContact(apiCall(context)),
  });
}

export function useLastOrderContactQuery(enabled: boolean) {
  return useQuery({ ...lastOrderContactQueryOptions(), enabled });
}
