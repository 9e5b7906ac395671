import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { sessionQueryKey } from '../../../lib/query-client';
import { myCompanyQueryKey } from './get-my-company';

/** A company admin removes a member; a member's own id is leaving the company. */
export function removeMember(userId: string): Promise<void> {
  return apiRequest<void>(`/api/me/company/members/${encodeURIComponent(userId)}`, { method: 'DELETE' });
}

export function useRemoveMemberMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    // The form shows a refusal beside the field or under it; only a fault becomes a toast.
    meta: { toast: 'faults' },
    mutationFn: removeMember,
    // Leaving changes what the whole dashboard shows (prices, lists, the statement): the session then lists no company.
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: sessionQueryKey }),
        queryClient.invalidateQueries({ queryKey: myCompanyQueryKey }),
      ]),
  });
}
