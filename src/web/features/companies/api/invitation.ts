import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Company } from '#shared/schemas/companies';
import type { InvitationPreview } from '#shared/schemas/company-members';
import { apiCall, apiRequest } from '../../../lib/api-client';
import { sessionQueryKey } from '../../../lib/query-client';
import { myCompanyQueryKey } from './get-my-company';

const invitationPath = (token: string) => `/api/invitations/${encodeURIComponent(token)}`;

/** What an invitation link shows before joining (GET /api/invitations/:token; 404 unknown, 410 used or expired). */
export function useInvitationQuery(token: string) {
  return useQuery({
    queryKey: ['invitations', token],
    queryFn: (context) => apiRequest<InvitationPreview>(invitationPath(token), apiCall(context)),
    retry: false,
  });
}

/** Joins the company of the invitation, signed in with the invited address. */
export function useAcceptInvitationMutation(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    // The form shows a refusal beside the field or under it; only a fault becomes a toast.
    meta: { toast: 'faults' },
    mutationFn: () => apiRequest<Company>(`${invitationPath(token)}/accept`, { method: 'POST' }),
    onSuccess: (company) => queryClient.setQueryData(myCompanyQueryKey, company),
    // The session lists the company joined (its role, its status): the menu and the prices follow it.
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: sessionQueryKey }),
        queryClient.invalidateQueries({ queryKey: ['invitations', token] }),
      ]),
  });
}
