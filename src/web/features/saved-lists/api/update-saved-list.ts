import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SavedList, UpdateListInput } from '#shared/schemas/saved-lists';
import { apiRequest } from '../../../lib/api-client';
import { savedListQueryKey } from './get-saved-list';
import { savedListsQueryKey } from './get-saved-lists';

/** Renames a list, or replaces its items, or both; the answer is the list as saved. */
export function updateSavedList({ id, ...input }: UpdateListInput & { id: string }): Promise<SavedList> {
  return apiRequest<SavedList>(`/api/me/lists/${encodeURIComponent(id)}`, { method: 'PATCH', body: input });
}

/** The form shows a refusal itself (a name taken, a quantity refused); the cache toasts only server faults. */
export function useUpdateSavedListMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateSavedList,
    meta: { toast: 'faults' },
    onSuccess: (list) => {
      queryClient.setQueryData(savedListQueryKey(list.id), list);
      return queryClient.invalidateQueries({ queryKey: [...savedListsQueryKey, 'all'] });
    },
  });
}
