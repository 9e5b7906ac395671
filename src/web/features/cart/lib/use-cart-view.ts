import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import type { Cart } from '#shared/schemas/cart';
import { systemClock } from '../../../lib/clock';
import { cartQueryKey, useCartQuery } from '../api/get-cart';
import { useCartQuoteQuery } from '../api/quote-cart';
import { readBrowserCart, useBrowserCart, writeBrowserCart } from './browser-cart';
import { useCartOwner } from './cart-owner';

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

  // When a line's flash deal ends the server prices it again (the order is priced by the server alone),
  // so the cart shown never keeps a deal price past the deal's end.
  const queryClient = useQueryClient();
  const shown = owner === 'signed-in' ? serverCart.data : quote.data;
  const dealEnds = Math.min(
    ...(shown?.lines ?? []).map((line) => (line.deal ? Date.parse(line.deal.endsAt) : Number.POSITIVE_INFINITY)),
  );
  useEffect(() => {
    if (!Number.isFinite(dealEnds)) return undefined;
    const timer = window.setTimeout(
      () => void queryClient.invalidateQueries({ queryKey: cartQueryKey }),
      Math.min(Math.max(0, dealEnds - systemClock()) + 1, 2_147_483_647),
    );
    return () => window.clearTimeout(timer);
  }, [dealEnds, queryClient]);

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
