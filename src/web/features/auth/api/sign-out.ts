import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export function signOut(): Promise<unknown> {
  return apiRequest('/api/auth/sign-out', { method: 'POST', body: {} });
}

/** Refusals are not shown: a session the server no longer knows is signed out all the same. */
export function useSignOutMutation() {
  return useMutation({ mutationFn: signOut, meta: { toast: 'faults' } });
}
