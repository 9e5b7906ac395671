import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Order } from '#shared/schemas/orders';
import { apiRequest } from '../../../lib/api-client';

/** Cancels an unpaid order (its customer or an admin); its quantity goes back to stock. */
export function cancelOrder(id: string): Promise<Order> {
  return apiRequest<Order>(`/api/orders/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

/** After a cancel, every order list and the part's stock are stale. */
export function useCancelOrderMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelOrder,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['orders'] }),
        queryClient.invalidateQueries({ queryKey: ['parts'] }),
      ]),
  });
}
