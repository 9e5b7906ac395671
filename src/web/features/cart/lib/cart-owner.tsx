import { createContext, type ReactNode, use } from 'react';

/**
 * Whose cart the pages show: a visitor's (kept in this browser), a signed-in user's (kept on the
 * server), or not known yet while the session loads. The app says which (app-shell.tsx): the cart
 * feature does not read the session itself, features never import each other.
 */
export type CartOwner = 'unknown' | 'visitor' | 'signed-in';

const CartOwnerContext = createContext<CartOwner>('unknown');

export function CartOwnerProvider({ owner, children }: { owner: CartOwner; children: ReactNode }) {
  return <CartOwnerContext value={owner}>{children}</CartOwnerContext>;
}

export function useCartOwner(): CartOwner {
  return use(CartOwnerContext);
}
