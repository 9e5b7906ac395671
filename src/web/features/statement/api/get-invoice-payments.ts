import { queryOptions, useQuery } from '@tanstack/react-query';
import type { InvoicePayments } from '#shared/schemas/statement';
import { apiCall, type ApiCall, apiRequest } from '../../../lib/api-client';

/** An invoice's total, what is paid and left, and its payments (a shop admin, or its company's admin). */
export function getInvoicePayments(invoiceNumber: string, call: ApiCall = {}): Promise<InvoicePayments> {
  return apiRequest<InvoicePayments>(`/api/invoices/${encodeURIComponent(invoiceNumber)}/payments`, call);
}

export function invoicePaymentsQueryOptions(invoiceNumber: string) {
  return queryOptions({
    queryKey: ['invoices', invoiceNumber, 'payments'],
    queryFn: (context) => getInvoicePayments(invoiceNumber, apiCall(context)),
    retry: false,
  });
}

/** Asked only for a number that looks like an invoice's. */
export function useInvoicePaymentsQuery(invoiceNumber: string, enabled: boolean) {
  return useQuery({ ...invoicePaymentsQueryOptions(invoiceNumber), enabled });
}
