import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { webhooksQueryKey } from './get-webhooks';

/** Removes a webhook: no event goes to its address from then on. */
export function removeWebhook(id: string): Promise<void> {
  return apiRequest<void>(`/api/webhooks/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

export function useRemoveWebhookMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeWebhook,
    onSettled: () => queryClient.invalidateQueries({ queryKey: webhooksQueryKey }),
  });
}
