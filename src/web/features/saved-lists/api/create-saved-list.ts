import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateListInput, SavedList } from '#shared/schemas/saved-lists';
import { apiRequest } from '../../../lib/api-client';
import { savedListQueryKey } from './get-saved-list';
import { savedListsQueryKey } from './get-saved-lists';

/** Saves a new list: named, from the cart (`fromCart`), from an order (`fromOrderId`), or empty. */
export function createSavedList(input: CreateListInput): Promise<SavedList> {
  return apiRequest<SavedList>('/api/me/lists', { method: 'POST', body: input });
}

/** The form shows a refusal itself (a name taken, an empty cart); the cache toasts only server faults. */
export function useCreateSavedListMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createSavedList,
    meta: { toast: 'faults' },
    onSuccess: (list) => {
      queryClient.setQueryData(savedListQueryKey(list.id), list);
      return queryClient.invalidateQueries({ queryKey: [...savedListsQueryKey, 'all'] });
    },
  });
}
