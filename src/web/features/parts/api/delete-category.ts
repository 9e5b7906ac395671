import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** Deletes an empty category (admin only); one that still has parts is refused (409, the reason in its detail). */
export function deleteCategory(id: string): Promise<void> {
  return apiRequest<void>(`/api/categories/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

/** The screen shows a refusal itself, next to the table; the cache toasts only server faults. */
export function useDeleteCategoryMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteCategory,
    meta: { toast: 'faults' },
    // Only a delete that happened changes the lists; a refusal leaves them as they are.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['parts'] }),
  });
}
