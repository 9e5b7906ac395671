import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { savedListsQueryKey } from './get-saved-lists';

/** Deletes a list for everyone in the company. */
export function deleteSavedList(id: string): Promise<void> {
  return apiRequest<void>(`/api/me/lists/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

/**
 * A refusal (a list a colleague already deleted) is the cache's toast, with the server's reason. The
 * deleted list's own entry is left to expire: removing it while its page is still shown would make the
 * page ask for it again, and get a 404.
 */
export function useDeleteSavedListMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteSavedList,
    onSettled: () => queryClient.invalidateQueries({ queryKey: [...savedListsQueryKey, 'all'] }),
  });
}
