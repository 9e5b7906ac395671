import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Cart, CartLinesInput } from '#shared/schemas/cart';
import { apiCall, type ApiCall, apiRequest } from '../../../lib/api-client';
import type { BrowserCartLine } from '../lib/browser-cart';
import { cartQueryKey } from './get-cart';

/** A visitor's browser cart priced as the server would price it (POST /api/cart/quote); nothing is stored. */
export function quoteCart(input: CartLinesInput, call: ApiCall = {}): Promise<Cart> {
  return apiRequest<Cart>('/api/cart/quote', { ...call, method: 'POST', body: input });
}

export function cartQuoteQueryOptions(lines: readonly BrowserCartLine[]) {
  return queryOptions({
    queryKey: [...cartQueryKey, 'quote', lines] as const,
    queryFn: (context) => quoteCart({ lines: [...lines] }, apiCall(context)),
    staleTime: 0,
  });
}

/**
 * The visitor's cart as the server prices it. While a changed cart is priced again, the last answer
 * stays on screen; an empty cart asks nothing.
 */
export function useCartQuoteQuery(lines: readonly BrowserCartLine[], enabled: boolean) {
  return useQuery({ ...cartQuoteQueryOptions(lines), enabled: enabled && lines.length > 0, placeholderData: keepPreviousData });
}
