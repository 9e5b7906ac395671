import { useMutation } from '@tanstack/react-query';
import type { VerificationMailRequest } from '#shared/schemas/accounts';
import { apiRequest } from '../../../lib/api-client';

/**
 * Mails the verification link again to the signed-in user's own address. The server sends one a
 * minute and five a day at most, and answers the same whether this one went or not.
 */
export function sendVerificationEmail(input: VerificationMailRequest): Promise<unknown> {
  return apiRequest('/api/auth/send-verification-email', { method: 'POST', body: input });
}

export function useSendVerificationEmailMutation() {
  return useMutation({ mutationFn: sendVerificationEmail, meta: { toast: 'faults' } });
}
