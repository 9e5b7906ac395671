import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SignUpInput } from '#shared/schemas/accounts';
import { apiRequest } from '../../../lib/api-client';
import { refreshSession } from './get-session';

/** Creates the account with its display name and signs in. */
export function signUp(input: SignUpInput): Promise<unknown> {
  return apiRequest('/api/auth/sign-up/email', { method: 'POST', body: input });
}

export function useSignUpMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signUp,
    onSuccess: () => refreshSession(queryClient),
    meta: { toast: 'faults' },
  });
}
