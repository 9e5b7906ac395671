import { useMutation } from '@tanstack/react-query';
import type { ContactInput } from '#shared/schemas/content';
import { apiRequest } from '../../../lib/api-client';

export function sendContactMessage(input: ContactInput): Promise<{ id: string }> {
  return apiRequest<{ id: string }>('/api/contact', { method: 'POST', body: input });
}

export function useSendContactMessageMutation() {
  return useMutation({ mutationFn: sendContactMessage });
}
