import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { ApiError, bindApiTransport, type ApiTransport } from './api-client';
import { notifyMutationError } from './mutation-errors';

/** The query that knows who is signed in (features/auth). Here because any 401 means it is out of date. */
export const sessionQueryKey = ['session'] as const;

/**
 * Who tells the user that a mutation failed: by default the cache's toast. A form that shows refusals
 * itself (the sign-in forms' red text, docs/shop-rules.md, "Forms, rules and messages") leaves the cache only server faults
 * ('faults'); a caller with its own message for every failure (a photo upload) takes them all ('none').
 */
type MutationMeta = { toast?: 'all' | 'faults' | 'none' };

/**
 * `asUser`: a query only a signed-in user is answered (401 otherwise) that pages keep mounted across
 * navigation (the navbar's cart); a sign-out drops it while still under way (use-sign-out.ts).
 */
type QueryMeta = { asUser?: true };

declare module '@tanstack/react-query' {
  interface Register {
    mutationMeta: MutationMeta;
    queryMeta: QueryMeta;
  }
}

function isUnauthenticated(error: unknown): boolean {
  return error instanceof ApiError && error.status === 401;
}

/**
 * One client for the app. Catalogue data changes rarely, so a minute of freshness saves refetches
 * when moving between pages; client errors (4xx) are not retried, server faults are, twice.
 * `transport`: where its queries ask (the server's own routes, for a page it renders); the browser's
 * fetch without it.
 */
export function createQueryClient({ transport }: { transport?: ApiTransport } = {}): QueryClient {
  // A 401 from any call means the session ended (expired, signed out in another tab, account removed):
  // asking again who is signed in lets the guards send the visitor to /login.
  const sessionEnded = () => void client.invalidateQueries({ queryKey: sessionQueryKey });
  const client: QueryClient = new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 60_000,
        gcTime: 5 * 60_000,
        refetchOnWindowFocus: false,
        retry: (failureCount, error) => failureCount < 2 && (!(error instanceof ApiError) || error.isServerFault),
      },
      mutations: { retry: false },
    },
    queryCache: new QueryCache({
      onError: (error) => {
        if (isUnauthenticated(error)) sessionEnded();
      },
    }),
    // Every failed mutation tells the user; forms additionally put field errors on their inputs.
    mutationCache: new MutationCache({
      onError: (error, _variables, _context, mutation) => {
        const toast = mutation.meta?.toast ?? 'all';
        if (toast === 'none') return;
        const refusal = error instanceof ApiError && !error.isServerFault;
        if (toast === 'faults' && refusal) return;
        if (isUnauthenticated(error)) sessionEnded();
        notifyMutationError(error);
      },
    }),
  });
  if (transport) bindApiTransport(client, transport);
  return client;
}
