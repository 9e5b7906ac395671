import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '#shared/paths';
import { ApiError } from '../../../lib/api-client';
import { sessionQueryKey } from '../../../lib/query-client';
import { useSignOutMutation } from '../api/sign-out';
import { signingOutQueryKey } from './use-signing-out';

export interface SignOutOptions {
  /** Where to go once signed out (home by default). */
  to?: string;
  replace?: boolean;
  /** Location state for the page at `to` (the login page reads why the visitor was signed out). */
  state?: unknown;
}

/**
 * Signs out, goes to `to`, then forgets the user: the session becomes "signed out" only after the
 * page changed, so no guarded page in between sends the visitor to /login. A server fault keeps
 * everything as it was (the toast says so); a refusal means the session is gone already.
 */
export function useSignOut() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { mutateAsync, isPending } = useSignOutMutation();

  const signOut = useCallback(
    async ({ to = paths.home, replace = false, state }: SignOutOptions = {}) => {
      // Nothing may ask the server as the leaving user any more: the answer would be a 401 once the
      // session is gone (the navbar's cart, as an admin page opens for a customer and signs them out).
      queryClient.setQueryData(signingOutQueryKey, true);
      void queryClient.cancelQueries({ predicate: (query) => query.meta?.asUser === true });
      try {
        try {
          await mutateAsync();
        } catch (error) {
          if (!(error instanceof ApiError) || error.isServerFault) return;
        }
        await navigate(to, { replace, state });
        queryClient.setQueryData(sessionQueryKey, null);
        // What the previous user saw (their orders, the user list) must not show to the next one.
        queryClient.removeQueries({
          predicate: (query) =>
            query.queryKey[0] !== sessionQueryKey[0] && query.queryKey[0] !== signingOutQueryKey[0] && !query.isActive(),
        });
      } finally {
        queryClient.setQueryData(signingOutQueryKey, false);
      }
    },
    [mutateAsync, navigate, queryClient],
  );

  return { signOut, isPending };
}
