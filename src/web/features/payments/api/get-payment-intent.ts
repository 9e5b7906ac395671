import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PaymentIntent } from '#shared/schemas/payments';
import { apiCall, type ApiCall, apiRequest } from '../../../lib/api-client';

/** Creates the payment intent of an unpaid order, or answers the one it already has (asking again is safe). */
export function getPaymentIntent(orderId: string, call: ApiCall = {}): Promise<PaymentIntent> {
  return apiRequest<PaymentIntent>(`/api/orders/${encodeURIComponent(orderId)}/payment-intent`, { method: 'POST', ...call });
}

/**
 * Under ['payments'], not ['orders']: paying invalidates the orders, and a paid order has no intent to
 * ask for any more.
 */
export function paymentIntentQueryOptions(orderId: string) {
  return queryOptions({
    queryKey: ['payments', 'intent', orderId],
    queryFn: (context) => getPaymentIntent(orderId, apiCall(context)),
    staleTime: Infinity,
    gcTime: 0,
  });
}

export function usePaymentIntentQuery(orderId: string, enabled: boolean) {
  return useQuery({ ...paymentIntentQueryOptions(orderId), enabled });
}
