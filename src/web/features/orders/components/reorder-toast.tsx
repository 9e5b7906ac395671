import type { MouseEvent } from 'react';
import * as copy from '#shared/copy';

const o = copy.orders;

interface ReorderToastProps {
  /** How many of the order's lines went to the cart. */
  added: number;
  /** The parts no longer sold, left out. */
  unavailable: readonly string[];
  /** What was said of the lines whose part was replaced and went in as the part replacing it. */
  replaced?: readonly string[] | undefined;
  /** Opens the cart inside the app (a toast sits outside the router, so it is handed the navigation). */
  onOpenCart: () => void;
  /** The cart's address, for opening it in a new tab. */
  cartHref: string;
}

/** What "Order again" did: how many lines went to the cart, which parts are no longer sold, and a link to the cart. */
export function ReorderToast({ added, unavailable, replaced = [], onOpenCart, cartHref }: ReorderToastProps) {
  const open = (event: MouseEvent<HTMLAnchorElement>) => {
    // A plain click stays in the app; a modified one (new tab, new window) is the browser's.
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    onOpenCart();
  };
  return (
    <div className="text-sm text-slate-800" data-testid="reorder-toast">
      <p className="font-semibold">{o.reordered(added)}</p>
      {replaced.map((message) => (
        <p key={message} className="mt-1">
          {message}
        </p>
      ))}
      {unavailable.length > 0 ? <p className="mt-1">{o.reorderUnavailable(unavailable)}</p> : null}
      <a href={cartHref} onClick={open} className="link-brand mt-1 inline-block">
        {o.viewCart}
      </a>
    </div>
  );
}
