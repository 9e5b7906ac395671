import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Cart } from '#shared/schemas/cart';
import { apiCall, type ApiCall, apiRequest } from '../../../lib/api-client';

/** Every cart query starts with this key: invalidating it refreshes the cart wherever it is shown. */
export const cartQueryKey = ['cart'] as const;

/** The signed-in customer's cart, priced today (GET /api/cart). */
export function getCart(call: ApiCall = {}): Promise<Cart> {
  return apiRequest<Cart>('/api/cart', call);
}

export function cartQueryOptions() {
  return queryOptions({
    queryKey: [...cartQueryKey, 'mine'] as const,
    queryFn: (context) => getCart(apiCall(context)),
    // Prices, stock and the cart itself change elsewhere (another tab, an order placed, an admin's edit).
    staleTime: 0,
    meta: { asUser: true },
  });
}

/** The customer's cart; asked only while `enabled` (someone is signed in). */
export function useCartQuery(enabled: boolean) {
  return useQuery({ ...cartQueryOptions(), enabled });
}
