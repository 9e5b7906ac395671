import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Order, OrderStatusUpdate } from '#shared/schemas/orders';
import { apiRequest } from '../../../lib/api-client';

export interface UpdateOrderStatusInput {
  id: string;
  status: OrderStatusUpdate['status'];
}

/** Admin: paid → shipped → delivered, one step at a time; any other move is refused (409). */
export function updateOrderStatus({ id, status }: UpdateOrderStatusInput): Promise<Order> {
  const body: OrderStatusUpdate = { status };
  return apiRequest<Order>(`/api/orders/${encodeURIComponent(id)}`, { method: 'PATCH', body });
}

/** The admin's list and the customer's My Orders both show the new status. */
export function useUpdateOrderStatusMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateOrderStatus,
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['orders'] }),
  });
}
