import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** Deletes the account and its sessions; their orders stay. Never oneself (422). */
export function removeUser(id: string): Promise<void> {
  return apiRequest<void>(`/api/users/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

export function useRemoveUserMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeUser,
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['users'] }),
  });
}
