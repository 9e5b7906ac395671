import { useMutation } from '@tanstack/react-query';
import type { InvoiceCardIntent } from '#shared/schemas/statement';
import { apiRequest } from '../../../lib/api-client';

/** Starts paying what is left on an open invoice by card: the provider's intent for that amount. */
export function startCardPayment(invoiceNumber: string): Promise<InvoiceCardIntent> {
  return apiRequest<InvoiceCardIntent>(`/api/invoices/${encodeURIComponent(invoiceNumber)}/pay-by-card`, { method: 'POST' });
}

/** Refusals (paid meanwhile, cancelled) are toasted with the server's reason. */
export function useStartCardPaymentMutation() {
  return useMutation({ mutationFn: startCardPayment });
}
