import { useSyncExternalStore } from 'react';

/**
 * A visitor's cart, kept in this browser's localStorage until they sign in, when it joins the account's
 * cart on the server (docs/shop-rules.md, "Cart"). Only what the visitor chose is stored, `{partId,
 * quantity}` per line, in the order added; names and prices come from the server (POST /api/cart/quote)
 * each time the cart is shown, so they are never stale.
 *
 * What is stored may have been written by an older version of the shop, edited by hand or cut short:
 * it is read line by line and whatever does not look like a line is dropped, never thrown. The cart is
 * the same in every tab: a change made in one reaches the others through the `storage` event.
 *
 * No zod here on purpose: the navbar reads the cart on every page, and the public pages do not load
 * the schemas.
 */

export interface BrowserCartLine {
  partId: string;
  quantity: number;
}

export const BROWSER_CART_KEY = 'gearhouse.cart';

/** What the server's cart schemas accept (`idSchema`, `orderQuantitySchema`, MAX_CART_LINES in #shared/schemas). */
const MAX_ID_LENGTH = 64;
const MAX_QUANTITY = 1_000_000;
export const MAX_BROWSER_CART_LINES = 500;

function isLine(value: unknown): value is BrowserCartLine {
  if (typeof value !== 'object' || value === null) return false;
  const { partId, quantity } = value as Record<string, unknown>;
  return (
    typeof partId === 'string' &&
    partId.length > 0 &&
    partId.length <= MAX_ID_LENGTH &&
    typeof quantity === 'number' &&
    Number.isSafeInteger(quantity) &&
    quantity >= 1 &&
    quantity <= MAX_QUANTITY
  );
}

/**
 * The lines in what was stored: each well-formed line once (a part named again is dropped, its first
 * line kept), at most MAX_BROWSER_CART_LINES; an empty cart for anything that is not a JSON list.
 */
export function parseBrowserCart(stored: string | null): BrowserCartLine[] {
  if (!stored) return [];
  let data: unknown;
  try {
    data = JSON.parse(stored);
  } catch {
    return [];
  }
  if (!Array.isArray(data)) return [];
  const lines: BrowserCartLine[] = [];
  const seen = new Set<string>();
  for (const item of data) {
    if (lines.length === MAX_BROWSER_CART_LINES) break;
    if (!isLine(item) || seen.has(item.partId)) continue;
    seen.add(item.partId);
    // Only the two fields: anything else stored with a line is not sent on.
    lines.push({ partId: item.partId, quantity: item.quantity });
  }
  return lines;
}

/** localStorage, or nothing where it cannot be used (the server's render, storage blocked by the browser). */
function storage(): Storage | undefined {
  try {
    return typeof window === 'undefined' ? undefined : window.localStorage;
  } catch {
    return undefined;
  }
}

function readStored(): string | null {
  try {
    return storage()?.getItem(BROWSER_CART_KEY) ?? null;
  } catch {
    return null;
  }
}

const listeners = new Set<() => void>();
const EMPTY: readonly BrowserCartLine[] = [];
// The last text read and its lines: the same text gives the same array, as useSyncExternalStore needs.
let cached: { text: string | null; lines: readonly BrowserCartLine[] } = { text: null, lines: EMPTY };

/** The browser cart's lines now. */
export function readBrowserCart(): readonly BrowserCartLine[] {
  const text = readStored();
  if (text !== cached.text) cached = { text, lines: text === null ? EMPTY : parseBrowserCart(text) };
  return cached.lines;
}

function notify(): void {
  for (const listener of listeners) listener();
}

/** Replaces the browser cart's lines (an empty list removes the key). A full or blocked storage keeps the old cart. */
export function writeBrowserCart(lines: readonly BrowserCartLine[]): void {
  const store = storage();
  try {
    if (lines.length === 0) store?.removeItem(BROWSER_CART_KEY);
    else store?.setItem(BROWSER_CART_KEY, JSON.stringify(lines.slice(0, MAX_BROWSER_CART_LINES)));
  } catch {
    // Quota exceeded or storage blocked: nothing was stored, and the cart on screen says so.
  }
  notify();
}

/** Adds `quantity` units of a part: to its line when it has one, else as a new last line. */
export function addToBrowserCart(partId: string, quantity: number): readonly BrowserCartLine[] {
  const lines = readBrowserCart();
  const next = lines.some((line) => line.partId === partId)
    ? lines.map((line) => (line.partId === partId ? { partId, quantity: line.quantity + quantity } : line))
    : [...lines, { partId, quantity }];
  writeBrowserCart(next);
  return readBrowserCart();
}

/** Sets a line's quantity (the line keeps its place). */
export function setBrowserCartQuantity(partId: string, quantity: number): void {
  writeBrowserCart(readBrowserCart().map((line) => (line.partId === partId ? { partId, quantity } : line)));
}

export function removeFromBrowserCart(partId: string): void {
  writeBrowserCart(readBrowserCart().filter((line) => line.partId !== partId));
}

export function clearBrowserCart(): void {
  writeBrowserCart([]);
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  // Another tab changed the cart (or cleared the storage: `key` is null then).
  const onStorage = (event: StorageEvent) => {
    if (event.key === BROWSER_CART_KEY || event.key === null) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/**
 * The browser cart's lines, redrawn when this tab or another changes them. Empty on the server and
 * while the browser takes over a page the server drew (the server cannot know the cart), then the
 * stored lines.
 */
export function useBrowserCart(): readonly BrowserCartLine[] {
  return useSyncExternalStore(subscribe, readBrowserCart, () => EMPTY);
}
