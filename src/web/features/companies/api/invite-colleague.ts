import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CompanyInvitation } from '#shared/schemas/companies';
import type { InvitationInput } from '#shared/schemas/company-members';
import { apiRequest } from '../../../lib/api-client';
import { myCompanyQueryKey } from './get-my-company';

/** A company admin invites a colleague by email (POST /api/me/company/invitations). */
export function inviteColleague(input: InvitationInput): Promise<CompanyInvitation> {
  return apiRequest<CompanyInvitation>('/api/me/company/invitations', { method: 'POST', body: input });
}

export function useInviteColleagueMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    // The form shows a refusal beside the field or under it; only a fault becomes a toast.
    meta: { toast: 'faults' },
    mutationFn: inviteColleague,
    onSettled: () => queryClient.invalidateQueries({ queryKey: myCompanyQueryKey }),
  });
}
