import { useMutation } from '@tanstack/react-query';
import type { PasswordChangeInput } from '#shared/schemas/accounts';
import { apiRequest } from '../../../lib/api-client';

export function changePassword(input: PasswordChangeInput): Promise<unknown> {
  return apiRequest('/api/auth/change-password', { method: 'POST', body: input });
}

export function useChangePasswordMutation() {
  return useMutation({ mutationFn: changePassword, meta: { toast: 'faults' } });
}
