import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Category, CategoryInput } from '#shared/schemas/categories';
import { apiRequest } from '../../../lib/api-client';

/** Adds a category (admin only); its address name is made from its name when not given. */
export function createCategory(input: CategoryInput): Promise<Category> {
  return apiRequest<Category>('/api/categories', { method: 'POST', body: input });
}

/** The form shows a refusal itself, next to its field or under the form; the cache toasts only server faults. */
export function useCreateCategoryMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createCategory,
    meta: { toast: 'faults' },
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['parts'] }),
  });
}
