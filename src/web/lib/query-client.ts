import { MutationCache, QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-client';
import { notifyMutationError } from './mutation-errors';

/**
 * One client for the app. Catalogue data changes rarely, so a minute of freshness saves refetches
 * when moving between pages; client errors (4xx) are not retried, server faults are, twice.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 60_000,
        gcTime: 5 * 60_000,
        refetchOnWindowFocus: false,
        retry: (failureCount, error) => failureCount < 2 && (!(error instanceof ApiError) || error.isServerFault),
      },
      mutations: { retry: false },
    },
    // Every failed mutation tells the user; forms additionally put field errors on their inputs.
    mutationCache: new MutationCache({ onError: notifyMutationError }),
  });
}
