import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Role, UserListItem } from '#shared/schemas/accounts';
import { apiRequest } from '../../../lib/api-client';

export interface UpdateUserRoleInput {
  id: string;
  role: Role;
}

/** Makes a user admin (or customer again); never oneself (422). */
export function updateUserRole({ id, role }: UpdateUserRoleInput): Promise<UserListItem> {
  return apiRequest<UserListItem>(`/api/users/${encodeURIComponent(id)}`, { method: 'PATCH', body: { role } });
}

export function useUpdateUserRoleMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateUserRole,
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['users'] }),
  });
}
