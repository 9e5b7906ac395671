import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ListToCartResult } from '#shared/schemas/saved-lists';
import { apiRequest } from '../../../lib/api-client';

/** Adds every line of a list to the caller's cart by the cart's rules; the answer says what was added and what not. */
export function savedListToCart(id: string): Promise<ListToCartResult> {
  return apiRequest<ListToCartResult>(`/api/me/lists/${encodeURIComponent(id)}/to-cart`, { method: 'POST' });
}

/** The cart changed: every query under ['cart'] (the navbar's count, the cart page) asks again. */
export function useSavedListToCartMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: savedListToCart,
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['cart'] }),
  });
}
