import { queryOptions, useQuery } from '@tanstack/react-query';
import type { WebhookDeliveryList } from '#shared/schemas/webhooks';
import { apiCall, type ApiCall, apiRequest } from '../../../lib/api-client';
import { webhooksQueryKey } from './get-webhooks';

export const webhookDeliveriesQueryKey = (id: string) => [...webhooksQueryKey, id, 'deliveries'] as const;

/** One webhook's latest deliveries, newest first (GET /api/webhooks/:id/deliveries). */
export function getWebhookDeliveries(id: string, call: ApiCall = {}): Promise<WebhookDeliveryList> {
  return apiRequest<WebhookDeliveryList>(`/api/webhooks/${encodeURIComponent(id)}/deliveries`, call);
}

export function webhookDeliveriesQueryOptions(id: string) {
  return queryOptions({
    queryKey: webhookDeliveriesQueryKey(id),
    queryFn: (context) => getWebhookDeliveries(id, apiCall(context)),
    staleTime: 0,
    // A delivery waiting for its receiver changes within seconds: look again until none waits.
    refetchInterval: (query) => (query.state.data?.items.some((delivery) => delivery.status === 'pending') ? 5000 : false),
    // A 404 (another company's webhook, or removed) is an answer the page shows.
    retry: false,
  });
}

export function useWebhookDeliveriesQuery(id: string) {
  return useQuery(webhookDeliveriesQueryOptions(id));
}
