import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import type { Me } from '#shared/schemas/accounts';
import { apiCall, type ApiCall, ApiError, apiRequest } from '../../../lib/api-client';
import { sessionQueryKey } from '../../../lib/query-client';

/**
 * Who is signed in, or null for a visitor. GET /api/me answers a visitor 401, which the browser logs as
 * a failed request on every page; the auth library's get-session answers them 200 `null`, so it is
 * asked first, and /api/me (the shop's own view: role, isAdmin) only when there is a session.
 */
export async function getSession(call: ApiCall = {}): Promise<Me | null> {
  const session = await apiRequest<unknown>('/api/auth/get-session', call);
  if (!session) return null;
  try {
    return await apiRequest<Me>('/api/me', call);
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return null;
    throw error;
  }
}

export function sessionQueryOptions() {
  return queryOptions({
    queryKey: sessionQueryKey,
    queryFn: (context) => getSession(apiCall(context)),
    // Coming back to the tab notices a sign-out (or a sign-in) made in another one.
    refetchOnWindowFocus: true,
  });
}

export function useSessionQuery() {
  return useQuery(sessionQueryOptions());
}

/** Asks the server again after signing in or up, and resolves once the app knows the new user. */
export function refreshSession(queryClient: QueryClient): Promise<Me | null> {
  return queryClient.fetchQuery({ ...sessionQueryOptions(), staleTime: 0 });
}
