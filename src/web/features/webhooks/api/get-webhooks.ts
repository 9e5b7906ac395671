import { queryOptions, useQuery } from '@tanstack/react-query';
import type { WebhookList } from '#shared/schemas/webhooks';
import { apiCall, type ApiCall, apiRequest } from '../../../lib/api-client';

export const webhooksQueryKey = ['webhooks'] as const;

/** The live webhooks of the admin's company, or of the shop (GET /api/webhooks). */
export function getWebhooks(call: ApiCall = {}): Promise<WebhookList> {
  return apiRequest<WebhookList>('/api/webhooks', call);
}

export function webhooksQueryOptions() {
  return queryOptions({
    queryKey: webhooksQueryKey,
    queryFn: (context) => getWebhooks(apiCall(context)),
    staleTime: 0,
    // A 403 (not a company admin or shop admin) is an answer the page shows, not a fault to retry.
    retry: false,
  });
}

export function useWebhooksQuery() {
  return useQuery(webhooksQueryOptions());
}
