import type { Cart, CartLinesInput } from '#shared/schemas/cart';
import { apiRequest } from '../../../lib/api-client';

/**
 * Adds a visitor's browser cart to the account's cart just signed into (POST /api/cart/merge):
 * quantities of a part in both are added; a line that then breaks a rule is kept, with its `problem`.
 */
export function mergeCart(input: CartLinesInput): Promise<Cart> {
  return apiRequest<Cart>('/api/cart/merge', { method: 'POST', body: input });
}
