import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PaymentResult } from '#shared/schemas/payments';
import { apiRequest } from '../../../lib/api-client';

/** After Stripe.js confirmed the card: the server asks Stripe itself and marks the order paid. */
export function confirmStripePayment({
  orderId,
  paymentIntentId,
}: {
  orderId: string;
  paymentIntentId: string;
}): Promise<PaymentResult> {
  return apiRequest<PaymentResult>(`/api/orders/${encodeURIComponent(orderId)}/payment/confirm`, {
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
