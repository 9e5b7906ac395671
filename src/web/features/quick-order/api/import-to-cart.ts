import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CartImportResult, ImportFormat } from '#shared/schemas/cart';
import { apiRequest } from '../../../lib/api-client';

export interface ImportToCartInput {
  text: string;
  format: ImportFormat;
}

/** Adds the parts named in quick-order text to the cart; answers what went in and what did not, line by line. */
export function importToCart(input: ImportToCartInput): Promise<CartImportResult> {
  return apiRequest<CartImportResult>('/api/cart/import', { method: 'POST', body: input });
}

/**
 * A refusal of the whole text names the field (`errors.text`), which the form shows under the box; the
 * cache toasts anything else. Either way the cart may have changed: every query under ['cart'] (the
 * navbar's count, the cart page) asks again.
 */
export function useImportToCartMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: importToCart,
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['cart'] }),
  });
}
