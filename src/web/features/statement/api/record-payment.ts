import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { InvoicePayment, RecordPaymentInput } from '#shared/schemas/statement';
import { apiRequest } from '../../../lib/api-client';

/**
 * Records money received against an invoice on account (shop admin). The form's key goes as the
 * Idempotency-Key header: a double click or a retry records one payment.
 */
export function recordPayment({
  invoiceNumber,
  input,
  idempotencyKey,
}: {
  invoiceNumber: string;
  input: RecordPaymentInput;
  idempotencyKey: string;
}): Promise<InvoicePayment> {
  return apiRequest<InvoicePayment>(`/api/invoices/${encodeURIComponent(invoiceNumber)}/payments`, {
    method: 'POST',
    body: input,
    headers: { 'Idempotency-Key': idempotencyKey },
  });
}

/**
 * The form shows refusals next to its fields; the cache toasts only server faults. A payment changes
 * the orders' paid figures and what is left on its invoice.
 */
export function useRecordPaymentMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: recordPayment,
    meta: { toast: 'faults' },
    onSuccess: (_payment, { invoiceNumber }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['orders'] }),
        queryClient.invalidateQueries({ queryKey: ['invoices', invoiceNumber] }),
      ]),
  });
}
