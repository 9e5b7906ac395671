import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Company } from '#shared/schemas/companies';
import type { CompanyAddressInput } from '#shared/schemas/company-members';
import { apiRequest } from '../../../lib/api-client';
import { myCompanyQueryKey } from './get-my-company';

type DeliveryAddress = Company['deliveryAddresses'][number];

/** Adds a delivery address (POST), or changes one when `id` is given (PATCH /api/me/company/addresses/:id). */
export function saveCompanyAddress({ id, ...site }: CompanyAddressInput & { id?: string | undefined }): Promise<DeliveryAddress> {
  return id
    ? apiRequest<DeliveryAddress>(`/api/me/company/addresses/${encodeURIComponent(id)}`, { method: 'PATCH', body: site })
    : apiRequest<DeliveryAddress>('/api/me/company/addresses', { method: 'POST', body: site });
}

export function useSaveCompanyAddressMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    // The form shows a refusal beside the field or under it; only a fault becomes a toast.
    meta: { toast: 'faults' },
    mutationFn: saveCompanyAddress,
    onSettled: () => queryClient.invalidateQueries({ queryKey: myCompanyQueryKey }),
  });
}
