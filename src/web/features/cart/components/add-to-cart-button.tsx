import { useState } from 'react';
import { copy } from '#shared/copy';
import { smallestAllowedQuantity } from '#shared/pricing';
import { CartIcon } from '../../../components/icons';
import { useHydrated } from '../../../lib/use-hydrated';
import { type CartPart, useAddToCart } from '../lib/use-cart';

interface AddToCartButtonProps {
  part: CartPart;
  /** The id of the element naming the part, so that each card's button says which part it adds. */
  describedBy?: string;
  className?: string;
}

/**
 * "Add to cart" on a part's card: the smallest quantity the part may be ordered in (its minimum, in
 * whole packs), added to its line when the cart has one.
 */
export function AddToCartButton({ part, describedBy, className = '' }: AddToCartButtonProps) {
  const hydrated = useHydrated();
  const { add, canAdd } = useAddToCart();
  const [adding, setAdding] = useState(false);
  const onClick = async () => {
    setAdding(true);
    try {
      await add(part, smallestAllowedQuantity(part));
    } finally {
      setAdding(false);
    }
  };
  return (
    <button
      type="button"
      aria-describedby={describedBy}
      disabled={!hydrated || !canAdd || adding}
      onClick={() => void onClick()}
      className={`btn btn-outline border-brand-700 text-brand-800 bg-white hover:border-brand-800 hover:bg-brand-50 ${className}`}
    >
      {adding ? <span className="loading loading-spinner loading-sm" aria-hidden="true" /> : <CartIcon className="h-5 w-5" />}
      {copy.cartView.addToCart}
    </button>
  );
}
