import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Category, CategoryUpdate } from '#shared/schemas/categories';
import { apiRequest } from '../../../lib/api-client';

export interface UpdateCategoryInput {
  id: string;
  changes: CategoryUpdate;
}

/** Renames a category or changes its address name (admin only). */
export function updateCategory({ id, changes }: UpdateCategoryInput): Promise<Category> {
  return apiRequest<Category>(`/api/categories/${encodeURIComponent(id)}`, { method: 'PATCH', body: changes });
}

/** The form shows a refusal itself; the cache toasts only server faults. Parts show their category's name: they refresh too. */
export function useUpdateCategoryMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateCategory,
    meta: { toast: 'faults' },
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['parts'] }),
  });
}
