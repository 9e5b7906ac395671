import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PasswordResetInput } from '#shared/schemas/accounts';
import { apiRequest } from '../../../lib/api-client';
import { sessionQueryKey } from '../../../lib/query-client';

/** Sets a new password with the mailed token (single use, 1 hour). */
export function resetPassword(input: PasswordResetInput): Promise<unknown> {
  return apiRequest('/api/auth/reset-password', { method: 'POST', body: input });
}

export function useResetPasswordMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resetPassword,
    // The reset ends every session of the account, this browser's included.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionQueryKey }),
    meta: { toast: 'faults' },
  });
}
