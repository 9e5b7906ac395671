import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ReorderResult } from '#shared/schemas/cart';
import { apiRequest } from '../../../lib/api-client';

/** Puts an order's lines into the customer's cart again; the answer is the cart and the parts no longer sold. */
export function reorder(orderId: string): Promise<ReorderResult> {
  return apiRequest<ReorderResult>(`/api/orders/${encodeURIComponent(orderId)}/reorder`, { method: 'POST' });
}

/** The cart changed: every query under ['cart'] (the navbar's count, the cart page) asks again. */
export function useReorderMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reorder,
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['cart'] }),
  });
}
