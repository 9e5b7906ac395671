import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Cart } from '#shared/schemas/cart';
import { apiRequest } from '../../../lib/api-client';
import { cartQueryOptions } from './get-cart';

export interface SetCartLineRequest {
  partId: string;
  quantity: number;
}

/**
 * Sets the quantity of a part's line in the customer's cart, adding the line when there is none
 * (PUT /api/cart/lines/:partId). 400 with `errors.quantity` when the quantity breaks the part's rules.
 */
export function setCartLine({ partId, quantity }: SetCartLineRequest): Promise<Cart> {
  return apiRequest<Cart>(`/api/cart/lines/${encodeURIComponent(partId)}`, { method: 'PUT', body: { quantity } });
}

/** The caller tells the part's rule next to its input (or in a toast); the cache toasts only server faults. */
export function useSetCartLineMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setCartLine,
    meta: { toast: 'faults' },
    onSuccess: (cart) => queryClient.setQueryData(cartQueryOptions().queryKey, cart),
  });
}
