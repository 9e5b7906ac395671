import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Company } from '#shared/schemas/companies';
import type { MemberUpdate } from '#shared/schemas/company-members';
import { apiRequest } from '../../../lib/api-client';
import { sessionQueryKey } from '../../../lib/query-client';
import { myCompanyQueryKey } from './get-my-company';

type Member = Company['members'][number];

/** A company admin changes a member's role or order limit (PATCH /api/me/company/members/:userId). */
export function updateMember({ userId, ...changes }: MemberUpdate & { userId: string }): Promise<Member> {
  return apiRequest<Member>(`/api/me/company/members/${encodeURIComponent(userId)}`, { method: 'PATCH', body: changes });
}

export function useUpdateMemberMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    // The form shows a refusal beside the field or under it; only a fault becomes a toast.
    meta: { toast: 'faults' },
    mutationFn: updateMember,
    // An admin may change their own role, which the session lists (the menu follows it).
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: sessionQueryKey }),
        queryClient.invalidateQueries({ queryKey: myCompanyQueryKey }),
      ]),
  });
}
