import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PartInput } from '#shared/schemas/parts';
import { apiRequest } from '../../../lib/api-client';

/** Adds a part to the catalogue (admin only); the photo is a URL from POST /api/uploads. */
export function createPart(input: PartInput): Promise<{ id: string }> {
  return apiRequest<{ id: string }>('/api/parts', { method: 'POST', body: input });
}

/** The form says "Failed to add the Parts" for a refusal itself; the cache toasts only server faults. */
export function useCreatePartMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createPart,
    meta: { toast: 'faults' },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['parts'] }),
  });
}
