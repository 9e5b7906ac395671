import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CompanyApplication, CompanyApplied } from '#shared/schemas/companies';
import { apiRequest } from '../../../lib/api-client';
import { sessionQueryKey } from '../../../lib/query-client';
import { myCompanyQueryKey } from './get-my-company';

/** A customer applies for a trade account (POST /api/companies). */
export function applyForCompany(application: CompanyApplication): Promise<CompanyApplied> {
  return apiRequest<CompanyApplied>('/api/companies', { method: 'POST', body: application });
}

export function useApplyForCompanyMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    // The form shows a refusal beside the field or under it; only a fault becomes a toast.
    meta: { toast: 'faults' },
    mutationFn: applyForCompany,
    // The session lists the company now (applied), so My company asks for it.
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: sessionQueryKey }),
        queryClient.invalidateQueries({ queryKey: myCompanyQueryKey }),
      ]),
  });
}
