import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Part, PartDetail, PartUpdate } from '#shared/schemas/parts';
import { apiRequest } from '../../../lib/api-client';

export interface UpdatePartInput {
  id: string;
  changes: PartUpdate;
}

/** Changes a part (admin only); answers the updated part. */
export function updatePart({ id, changes }: UpdatePartInput): Promise<Part> {
  return apiRequest<Part>(`/api/parts/${encodeURIComponent(id)}`, { method: 'PATCH', body: changes });
}

export function useUpdatePartMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updatePart,
    // The answer is the part without the vehicles it fits: the page's copy keeps its own until refetched.
    onSuccess: (part) =>
      queryClient.setQueryData<PartDetail>(['parts', 'detail', part.id], (shown) => (shown ? { ...shown, ...part } : undefined)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['parts'] }),
  });
}
