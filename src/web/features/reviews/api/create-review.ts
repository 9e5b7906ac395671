import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ReviewInput } from '#shared/schemas/reviews';
import { apiRequest } from '../../../lib/api-client';

/** Adds the signed-in customer's review; the photo is a URL from POST /api/uploads. */
export function createReview(input: ReviewInput): Promise<{ id: string }> {
  return apiRequest<{ id: string }>('/api/reviews', { method: 'POST', body: input });
}

/** The form says "Failed to add the Review" for a refusal itself; the cache toasts only server faults. */
export function useCreateReviewMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createReview,
    meta: { toast: 'faults' },
    // The landing page and /reviews list newest first; a review about a part changes its rating.
    onSuccess: (_created, input) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['reviews'] }),
        input.partId ? queryClient.invalidateQueries({ queryKey: ['parts'] }) : undefined,
      ]),
  });
}
