import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Cart } from '#shared/schemas/cart';
import { apiRequest } from '../../../lib/api-client';
import { cartQueryOptions } from './get-cart';

/**
 * Replaces a line whose part's number was replaced by the part replacing it, the quantity multiplied by
 * the factor (POST /api/cart/lines/:partId/replace).
 */
export function replaceCartLine(partId: string): Promise<Cart> {
  return apiRequest<Cart>(`/api/cart/lines/${encodeURIComponent(partId)}/replace`, { method: 'POST' });
}

export function useReplaceCartLineMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: replaceCartLine,
    onSuccess: (cart) => queryClient.setQueryData(cartQueryOptions().queryKey, cart),
  });
}
