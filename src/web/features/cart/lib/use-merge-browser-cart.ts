import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import * as copy from '#shared/copy';
import { ApiError } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { cartQueryKey, cartQueryOptions } from '../api/get-cart';
import { mergeCart } from '../api/merge-cart';
import { type BrowserCartLine, readBrowserCart, useBrowserCart, writeBrowserCart } from './browser-cart';
import { useCartOwner } from './cart-owner';

/** Puts lines back into the browser cart, before any added meanwhile. */
function restore(lines: readonly BrowserCartLine[]): void {
  const current = readBrowserCart();
  const kept = new Set(lines.map((line) => line.partId));
  writeBrowserCart([...lines, ...current.filter((line) => !kept.has(line.partId))]);
}

/**
 * Once someone is signed in (by email, sign-up or Google, in this tab or another) while the browser
 * holds a visitor's cart, that cart joins the account's (POST /api/cart/merge) and the browser's is
 * emptied (docs/shop-rules.md, "Cart"). The lines leave the browser before they are sent, so that two
 * tabs never add them twice; if the server cannot be reached they come back, to join at the next try.
 */
export function useMergeBrowserCartOnSignIn(): void {
  const owner = useCartOwner();
  const lines = useBrowserCart();
  const queryClient = useQueryClient();
  // One merge at a time (effects may run twice, and the stored cart changes while one is under way);
  // 'failed' stops retrying until the next sign-in.
  const merge = useRef<'idle' | 'running' | 'failed'>('idle');

  // Signed out: the account's cart is forgotten, so that the next one to sign in never sees it.
  useEffect(() => {
    if (owner === 'visitor') queryClient.removeQueries({ queryKey: cartQueryOptions().queryKey });
  }, [owner, queryClient]);

  useEffect(() => {
    if (owner === 'visitor' && merge.current === 'failed') merge.current = 'idle';
    if (owner !== 'signed-in' || lines.length === 0 || merge.current !== 'idle') return;
    merge.current = 'running';
    const taken = readBrowserCart();
    writeBrowserCart([]);
    mergeCart({ lines: [...taken] })
      .then((cart) => {
        merge.current = 'idle';
        queryClient.setQueryData(cartQueryOptions().queryKey, cart);
        void queryClient.invalidateQueries({ queryKey: cartQueryKey });
      })
      .catch((error: unknown) => {
        merge.current = 'failed';
        // A body the server refuses as malformed would be refused again: those lines are dropped.
        if (error instanceof ApiError && error.status === 400) return;
        restore(taken);
        toast.error(copy.cartView.mergeFailed, { toastId: 'cart-merge' });
      });
  }, [owner, lines, queryClient]);
}
