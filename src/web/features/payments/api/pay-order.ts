import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PaymentResult, PayOrderInput } from '#shared/schemas/payments';
import { apiRequest } from '../../../lib/api-client';

/** Where an order's card payment goes; an invoice on account has its own (`/api/invoices/:number/card-payment`). */
export const orderPaymentPath = (orderId: string) => `/api/orders/${encodeURIComponent(orderId)}/payment`;

/** Pays an order with the sandbox provider: 402 carries the provider's message ("Your card was declined."). */
export function payOrder({
  orderId,
  input,
  path,
}: {
  orderId: string;
  input: PayOrderInput;
  path?: string | undefined;
}): Promise<PaymentResult> {
  return apiRequest<PaymentResult>(path ?? orderPaymentPath(orderId), { method: 'POST', body: input });
}

/** The payment form shows refusals in red under itself; the cache toasts only server faults. */
export function usePayOrderMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: payOrder,
    meta: { toast: 'faults' },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['orders'] }),
  });
}
