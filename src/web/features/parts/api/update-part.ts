import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Part, PartUpdate } from '#shared/schemas/parts';
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
    onSuccess: (part) => queryClient.setQueryData(['parts', 'detail', part.id], part),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['parts'] }),
  });
}
