import { useMutation } from '@tanstack/react-query';
import type { PasswordResetRequest } from '#shared/schemas/accounts';
import { apiRequest } from '../../../lib/api-client';

/** Mails a reset link when the address has an account; the answer is the same either way. */
export function requestPasswordReset(input: PasswordResetRequest): Promise<unknown> {
  return apiRequest('/api/auth/request-password-reset', { method: 'POST', body: input });
}

export function useRequestPasswordResetMutation() {
  return useMutation({ mutationFn: requestPasswordReset, meta: { toast: 'faults' } });
}
