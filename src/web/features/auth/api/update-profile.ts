import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Me, ProfileUpdate } from '#shared/schemas/accounts';
import { apiRequest } from '../../../lib/api-client';
import { sessionQueryKey } from '../../../lib/query-client';

/** Changes the display name or photo (a URL from POST /api/uploads); answers the updated user. */
export function updateProfile(input: ProfileUpdate): Promise<Me> {
  return apiRequest<Me>('/api/me', { method: 'PATCH', body: input });
}

export function useUpdateProfileMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: (me) => queryClient.setQueryData(sessionQueryKey, me),
  });
}
