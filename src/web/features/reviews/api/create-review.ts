import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ReviewInput, ReviewSaved } from '#shared/schemas/reviews';
import { apiRequest } from '../../../lib/api-client';

/** Adds the signed-in customer's review, or replaces their earlier one of the same subject; the photo is a URL from POST /api/uploads. */
export function createReview(input: ReviewInput): Promise<ReviewSaved> {
  return apiRequest<ReviewSaved>('/api/reviews', { method: 'POST', body: input });
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
