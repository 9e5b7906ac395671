import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Cart } from '#shared/schemas/cart';
import { apiRequest } from '../../../lib/api-client';
import { cartQueryOptions } from './get-cart';

/** Takes a part's line out of the customer's cart (DELETE /api/cart/lines/:partId). */
export function removeCartLine(partId: string): Promise<Cart> {
  return apiRequest<Cart>(`/api/cart/lines/${encodeURIComponent(partId)}`, { method: 'DELETE' });
}

export function useRemoveCartLineMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeCartLine,
    onSuccess: (cart) => queryClient.setQueryData(cartQueryOptions().queryKey, cart),
  });
}
