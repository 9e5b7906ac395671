import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { addToCart, type CartPart } from './add-to-cart';
import { useCartOwner } from './cart-owner';

/** "Add to cart" for a page that has the part and a quantity (the part's page, beside "Book Now"). */
export function useAddToCart() {
  const owner = useCartOwner();
  const queryClient = useQueryClient();
  const add = useCallback(
    async (part: CartPart, quantity?: number): Promise<boolean> =>
      owner === 'unknown' ? false : addToCart(queryClient, owner, part, quantity),
    [owner, queryClient],
  );
  return { add, canAdd: owner !== 'unknown' };
}
