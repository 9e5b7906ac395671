import { queryOptions, useQuery } from '@tanstack/react-query';
import type { OrderList } from '#shared/schemas/orders';
import { apiCall, type ApiCall, apiRequest } from '../../../lib/api-client';

export interface OrderContact {
  phone: string;
  address: string;
}

/**
 * The phone and address of the customer's latest order, cancelled ones included, to prefill the cart's
 * order form (GET /api/me/orders?view=all&limit=1); null before their first order.
 */
export async function getLastOrderContact(call: ApiCall = {}): Promise<OrderContact | null> {
  const list = await apiRequest<OrderList>('/api/me/orders?view=all&limit=1', call);
  const last = list.items[0];
  return last ? { phone: last.customer.phone, address: last.customer.address } : null;
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
