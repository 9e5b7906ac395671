import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PlaceOrderInput } from '#shared/schemas/orders';
import { apiRequest } from '../../../lib/api-client';

export interface PlaceOrderRequest {
  input: PlaceOrderInput;
  /** One per submission attempt: a double click or a retry of the same attempt makes one order. */
  idempotencyKey: string;
}

/** Books a part: the server prices the order and takes the stock. */
export function placeOrder({ input, idempotencyKey }: PlaceOrderRequest): Promise<{ id: string }> {
  return apiRequest<{ id: string }>('/api/orders', {
    method: 'POST',
    body: input,
    headers: { 'idempotency-key': idempotencyKey },
  });
}

/**
 * The booking form tells refusals itself ("Failed to add the Parts", the server's reason, field
 * errors); the cache toasts only server faults. Either way the stock shown may have changed.
 */
export function usePlaceOrderMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: placeOrder,
    meta: { toast: 'faults' },
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['parts'] }),
        queryClient.invalidateQueries({ queryKey: ['orders'] }),
      ]),
  });
}
