import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CompanySummary, CompanyUpdate } from '#shared/schemas/companies';
import { apiRequest } from '../../../lib/api-client';

/** A shop admin's decision or change of terms (PATCH /api/companies/:id). */
export function updateCompany({ id, ...changes }: CompanyUpdate & { id: string }): Promise<CompanySummary> {
  return apiRequest<CompanySummary>(`/api/companies/${encodeURIComponent(id)}`, { method: 'PATCH', body: changes });
}

export function useUpdateCompanyMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateCompany,
    // Not awaited: the caller's toast must come first, while the company is still on screen; once the
    // list reloads, a decided application leaves the "applied" filter and its callbacks with it.
    onSettled: () => void queryClient.invalidateQueries({ queryKey: ['companies'] }),
  });
}
