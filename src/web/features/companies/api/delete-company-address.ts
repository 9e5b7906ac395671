import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { myCompanyQueryKey } from './get-my-company';

/** A company admin deletes a delivery address; the last one stays (the API's 409). */
export function deleteCompanyAddress(id: string): Promise<void> {
  return apiRequest<void>(`/api/me/company/addresses/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

export function useDeleteCompanyAddressMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    // The form shows a refusal beside the field or under it; only a fault becomes a toast.
    meta: { toast: 'faults' },
    mutationFn: deleteCompanyAddress,
    onSettled: () => queryClient.invalidateQueries({ queryKey: myCompanyQueryKey }),
  });
}
