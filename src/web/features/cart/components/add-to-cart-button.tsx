import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import * as copy from '#shared/copy';
import { CartIcon } from '../../../components/icons';
import { useHydrated } from '../../../lib/use-hydrated';
import type { CartPart } from '../lib/add-to-cart';
import { useCartOwner } from '../lib/cart-owner';

interface AddToCartButtonProps {
  part: CartPart;
  /** The id of the element naming the part, so that each card's button says which part it adds. */
  describedBy?: string;
  className?: string;
}

/**
 * "Add to cart" on a part's card: the smallest quantity the part may be ordered in (its minimum, in
 * whole packs), added to its line when the cart has one. What adding takes is loaded on the first
 * press, not with the page.
 */
export function AddToCartButton({ part, describedBy, className = '' }: AddToCartButtonProps) {
  const hydrated = useHydrated();
  const owner = useCartOwner();
  const queryClient = useQueryClient();
  const [adding, setAdding] = useState(false);
  const onClick = async () => {
    if (owner === 'unknown') return;
    setAdding(true);
    try {
      const { addToCart } = await import('../lib/add-to-cart');
      await addToCart(queryClient, owner, part);
    } finally {
      setAdding(false);
    }
  };
  return (
    <button
      type="button"
      aria-describedby={describedBy}
      disabled={!hydrated || owner === 'unknown' || adding}
      onClick={() => void onClick()}
      className={`btn btn-outline border-brand-700 bg-white text-brand-800 hover:border-brand-800 hover:bg-brand-50 ${className}`}
    >
      {adding ? <span className="loading loading-spinner loading-sm" aria-hidden="true" /> : <CartIcon className="h-5 w-5" />}
      {copy.cartView.addToCart}
    </button>
  );
}
