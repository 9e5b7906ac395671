import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PaymentResult } from '#shared/schemas/payments';
import { apiRequest } from '../../../lib/api-client';

/** After Stripe.js confirmed the card: the server asks Stripe itself and marks the order paid. */
export function confirmStripePayment({
  orderId,
  paymentIntentId,
  path,
}: {
  orderId: string;
  paymentIntentId: string;
  /** The payment's path when it is not the order's (an invoice on account); `/confirm` is added. */
  path?: string | undefined;
}): Promise<PaymentResult> {
  return apiRequest<PaymentResult>(`${path ?? `/api/orders/${encodeURIComponent(orderId)}/payment`}/confirm`, {
    method: 'POST',
    body: { paymentIntentId },
  });
}

export function useConfirmStripePaymentMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: confirmStripePayment,
    meta: { toast: 'faults' },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['orders'] }),
  });
}
