import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** Removes a part from the shop (admin only); one with orders is archived, kept for their history. */
export function deletePart(id: string): Promise<void> {
  return apiRequest<void>(`/api/parts/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

export function useDeletePartMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deletePart,
    onSuccess: (_nothing, id) => queryClient.removeQueries({ queryKey: ['parts', 'detail', id] }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['parts'] }),
  });
}
