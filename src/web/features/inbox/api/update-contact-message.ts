import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ContactMessage } from '#shared/schemas/content';
import { apiRequest } from '../../../lib/api-client';

export interface UpdateContactMessageInput {
  id: string;
  handled: boolean;
}

/** Marks a contact message handled (or not); answers the updated message. */
export function updateContactMessage({ id, handled }: UpdateContactMessageInput): Promise<ContactMessage> {
  return apiRequest<ContactMessage>(`/api/contact-messages/${encodeURIComponent(id)}`, { method: 'PATCH', body: { handled } });
}

export function useUpdateContactMessageMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateContactMessage,
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['contact-messages'] }),
  });
}
