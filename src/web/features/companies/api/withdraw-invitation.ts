import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { myCompanyQueryKey } from './get-my-company';

/** A company admin withdraws a waiting invitation: its link stops working. */
export function withdrawInvitation(id: string): Promise<void> {
  return apiRequest<void>(`/api/me/company/invitations/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

export function useWithdrawInvitationMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: withdrawInvitation,
    onSettled: () => queryClient.invalidateQueries({ queryKey: myCompanyQueryKey }),
  });
}
