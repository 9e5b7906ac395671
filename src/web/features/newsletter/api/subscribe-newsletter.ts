import { useMutation } from '@tanstack/react-query';
import type { NewsletterInput } from '#shared/schemas/content';
import { apiRequest } from '../../../lib/api-client';

export function subscribeNewsletter(input: NewsletterInput): Promise<{ ok: true }> {
  return apiRequest<{ ok: true }>('/api/newsletter', { method: 'POST', body: input });
}

export function useSubscribeNewsletterMutation() {
  return useMutation({ mutationFn: subscribeNewsletter });
}
