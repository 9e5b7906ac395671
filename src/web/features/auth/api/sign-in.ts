import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SignInInput } from '#shared/schemas/accounts';
import { apiRequest } from '../../../lib/api-client';
import { refreshSession } from './get-session';

export function signIn(input: SignInInput): Promise<unknown> {
  return apiRequest('/api/auth/sign-in/email', { method: 'POST', body: input });
}

/** Stays pending until the app knows who signed in, so the next page never sees a visitor. */
export function useSignInMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signIn,
    onSuccess: () => refreshSession(queryClient),
    meta: { toast: 'faults' },
  });
}
