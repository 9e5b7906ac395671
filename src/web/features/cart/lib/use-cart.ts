import { useQueries, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo } from 'react';
import { copy } from '#shared/copy';
import { type OrderablePart, quantityProblem } from '#shared/pricing';
import type { Cart } from '#shared/schemas/cart';
import { ApiError } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { cartQueryOptions, useCartQuery } from '../api/get-cart';
import { useCartQuoteQuery } from '../api/quote-cart';
import { useSetCartLineMutation } from '../api/set-cart-line';
import { addToBrowserCart, readBrowserCart, useBrowserCart, writeBrowserCart } from './browser-cart';
import { useCartOwner } from './cart-owner';

/**
 * How many lines the cart has, for the navbar: undefined while not known. The server's cart is asked for
 * only when someone is signed in: for a visitor no query exists at all, so the pages the server draws
 * for visitors hold no data their loaders did not load (entry-server.tsx).
 */
export function useCartLineCount(): number | undefined {
  const owner = useCartOwner();
  const browserLines = useBrowserCart();
  const queries: ReturnType<typeof cartQueryOptions>[] = owner === 'signed-in' ? [cartQueryOptions()] : [];
  const serverCart = useQueries({ queries, combine: (results) => results[0]?.data });
  if (owner === 'visitor') return browserLines.length;
  if (owner === 'signed-in') return serverCart?.lines.length;
  return undefined;
}

/**
 * The cart as the server prices it, whoever owns it: the signed-in user's own (GET /api/cart), or the
 * visitor's browser cart quoted (POST /api/cart/quote). For a visitor the lines are those of the browser
 * cart at once (a removed line goes, a changed quantity shows) while the new prices are on their way.
 */
export function useCartView() {
  const owner = useCartOwner();
  const browserLines = useBrowserCart();
  const serverCart = useCartQuery(owner === 'signed-in');
  const quote = useCartQuoteQuery(browserLines, owner === 'visitor');

  // A part that no longer exists at all is left out of the quote: it leaves the browser cart too, so
  // that the navbar counts the lines the page shows.
  const quoted = quote.isPlaceholderData ? undefined : quote.data;
  useEffect(() => {
    if (!quoted) return;
    const known = new Set(quoted.lines.map((line) => line.partId));
    const current = readBrowserCart();
    if (current.some((line) => !known.has(line.partId) && browserLines.includes(line))) {
      writeBrowserCart(current.filter((line) => known.has(line.partId) || !browserLines.includes(line)));
    }
  }, [quoted, browserLines]);

  const visitorCart = useMemo((): Cart | undefined => {
    if (browserLines.length === 0) return { lines: [], subtotalCents: 0, savingsCents: 0 };
    if (!quote.data) return undefined;
    const quantities = new Map(browserLines.map((line) => [line.partId, line.quantity]));
    const lines = quote.data.lines
      .filter((line) => quantities.has(line.partId))
      .map((line) => ({ ...line, quantity: quantities.get(line.partId) ?? line.quantity }));
    return { ...quote.data, lines };
  }, [browserLines, quote.data]);

  if (owner === 'unknown') return { owner, cart: undefined, isPending: true, isError: false, isUpdating: false, refetch: noop };
  if (owner === 'signed-in') {
    return {
      owner,
      cart: serverCart.data,
      isPending: serverCart.isPending,
      isError: serverCart.isError && !serverCart.data,
      isUpdating: serverCart.isFetching,
      refetch: () => void serverCart.refetch(),
    };
  }
  return {
    owner,
    cart: visitorCart,
    isPending: visitorCart === undefined && !quote.isError,
    isError: visitorCart === undefined && quote.isError,
    isUpdating: quote.isPlaceholderData || quote.isFetching,
    refetch: () => void quote.refetch(),
  };
}

const noop = () => undefined;

/** What "Add to cart" needs of a part: its id and name, and its quantity rules. */
export type CartPart = OrderablePart & { id: string; name: string };

/**
 * "Add to cart": adds `quantity` units of a part to the cart, to its line when it has one. The new
 * quantity is checked against the part's rules first (as the server will), and a toast says what
 * happened. Resolves whether the part was added.
 */
export function useAddToCart() {
  const owner = useCartOwner();
  const queryClient = useQueryClient();
  const setLine = useSetCartLineMutation();

  const add = useCallback(
    async (part: CartPart, quantity: number): Promise<boolean> => {
      if (owner === 'unknown') return false;
      let inCart: number;
      if (owner === 'visitor') {
        inCart = readBrowserCart().find((line) => line.partId === part.id)?.quantity ?? 0;
      } else {
        try {
          const cart = await queryClient.ensureQueryData(cartQueryOptions());
          inCart = cart.lines.find((line) => line.partId === part.id)?.quantity ?? 0;
        } catch {
          toast.error(copy.common.somethingWrong, { toastId: 'server-fault' });
          return false;
        }
      }
      const next = inCart + quantity;
      const problem = quantityProblem(part, next);
      if (problem) {
        toast.error(inCart > 0 ? copy.cartView.notAdded(inCart, problem) : problem);
        return false;
      }
      if (owner === 'visitor') {
        addToBrowserCart(part.id, quantity);
      } else {
        try {
          await setLine.mutateAsync({ partId: part.id, quantity: next });
        } catch (error) {
          // A server fault is the cache's toast; a refusal (a rule, a part no longer sold) is said here.
          if (error instanceof ApiError && !error.isServerFault) toast.error(error.fieldErrors.quantity ?? error.message);
          return false;
        }
      }
      toast.success(copy.cartView.added(quantity, part.name));
      return true;
    },
    [owner, queryClient, setLine],
  );

  return { add, isPending: setLine.isPending, canAdd: owner !== 'unknown' };
}
