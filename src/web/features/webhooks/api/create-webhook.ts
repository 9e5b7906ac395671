import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreatedWebhook, CreateWebhookInput } from '#shared/schemas/webhooks';
import { apiRequest } from '../../../lib/api-client';
import { webhooksQueryKey } from './get-webhooks';

/** Adds a webhook; the answer is the only one that carries its signing secret. */
export function createWebhook(input: CreateWebhookInput): Promise<CreatedWebhook> {
  return apiRequest<CreatedWebhook>('/api/webhooks', { method: 'POST', body: input });
}

/** The form shows a refusal itself; the cache toasts only server faults. */
export function useCreateWebhookMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createWebhook,
    meta: { toast: 'faults' },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhooksQueryKey }),
  });
}
