import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { WebhookDelivery } from '#shared/schemas/webhooks';
import { apiRequest } from '../../../lib/api-client';
import { webhookDeliveriesQueryKey } from './get-webhook-deliveries';

/** Sends a delivery's event again, as a new delivery (202 with it). */
export function resendWebhookDelivery({ webhookId, deliveryId }: { webhookId: string; deliveryId: string }) {
  return apiRequest<WebhookDelivery>(
    `/api/webhooks/${encodeURIComponent(webhookId)}/deliveries/${encodeURIComponent(deliveryId)}/resend`,
    { method: 'POST' },
  );
}

export function useResendWebhookDeliveryMutation(webhookId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (deliveryId: string) => resendWebhookDelivery({ webhookId, deliveryId }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: webhookDeliveriesQueryKey(webhookId) }),
  });
}
