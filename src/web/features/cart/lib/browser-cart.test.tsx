import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  addToBrowserCart,
  BROWSER_CART_KEY,
  MAX_BROWSER_CART_LINES,
  parseBrowserCart,
  readBrowserCart,
  removeFromBrowserCart,
  setBrowserCartQuantity,
  useBrowserCart,
  writeBrowserCart,
} from './browser-cart';

const stored = (value: unknown) => JSON.stringify(value);

beforeEach(() => localStorage.clear());
afterEach(() => localStorage.clear());

describe('parseBrowserCart', () => {
  it('reads nothing, blank text, text that is not JSON and JSON that is not a list as an empty cart', () => {
    for (const text of [null, '', '   ', 'not json', '{"partId":"a","quantity":12}', '"a"', '12', 'null', '[', '[{]'])
      expect(parseBrowserCart(text), String(text)).toEqual([]);
  });

  it('keeps the well-formed lines in their order and drops every malformed one', () => {
    const lines = parseBrowserCart(
      stored([
        { partId: 'brake-pads', quantity: 12 },
        null,
        'brake-pads',
        [{ partId: 'x', quantity: 1 }],
        { quantity: 12 },
        { partId: '', quantity: 12 },
        { partId: 'x'.repeat(65), quantity: 12 },
        { partId: 42, quantity: 12 },
        { partId: 'zero', quantity: 0 },
        { partId: 'negative', quantity: -12 },
        { partId: 'half', quantity: 12.5 },
        { partId: 'text', quantity: '12' },
        { partId: 'missing' },
        { partId: 'nan', quantity: null },
        { partId: 'huge', quantity: 1e7 },
        { partId: 'unsafe', quantity: 2 ** 53 },
        { partId: 'air-filter', quantity: 48 },
        { partId: 'x'.repeat(64), quantity: 1_000_000 },
      ]),
    );
    expect(lines).toEqual([
      { partId: 'brake-pads', quantity: 12 },
      { partId: 'air-filter', quantity: 48 },
      { partId: 'x'.repeat(64), quantity: 1_000_000 },
    ]);
  });

  it('keeps the first line of a part named twice, and only the two fields of each line', () => {
    expect(
      parseBrowserCart(
        stored([
          { partId: 'a', quantity: 12, priceCents: 1, name: '<b>x</b>' },
          { partId: 'b', quantity: 24 },
          { partId: 'a', quantity: 96 },
        ]),
      ),
    ).toEqual([
      { partId: 'a', quantity: 12 },
      { partId: 'b', quantity: 24 },
    ]);
  });

  it('keeps at most the lines one order may have', () => {
    const many = Array.from({ length: MAX_BROWSER_CART_LINES + 20 }, (_, i) => ({ partId: `p${i}`, quantity: 12 }));
    const lines = parseBrowserCart(stored(many));
    expect(lines).toHaveLength(MAX_BROWSER_CART_LINES);
    expect(lines.at(-1)).toEqual({ partId: `p${MAX_BROWSER_CART_LINES - 1}`, quantity: 12 });
  });
});

describe('the browser cart in localStorage', () => {
  it('reads a damaged entry as an empty cart, and the next change writes a clean one', () => {
    localStorage.setItem(BROWSER_CART_KEY, '[{"partId":"a","quantity":12},');
    expect(readBrowserCart()).toEqual([]);
    addToBrowserCart('b', 24);
    expect(JSON.parse(localStorage.getItem(BROWSER_CART_KEY) ?? '')).toEqual([{ partId: 'b', quantity: 24 }]);
  });

  it('adds to the line of a part already in the cart, sets and removes lines, and an empty cart leaves no entry', () => {
    addToBrowserCart('a', 12);
    addToBrowserCart('b', 6);
    addToBrowserCart('a', 12);
    expect(readBrowserCart()).toEqual([
      { partId: 'a', quantity: 24 },
      { partId: 'b', quantity: 6 },
    ]);
    setBrowserCartQuantity('b', 48);
    expect(readBrowserCart()).toEqual([
      { partId: 'a', quantity: 24 },
      { partId: 'b', quantity: 48 },
    ]);
    removeFromBrowserCart('a');
    removeFromBrowserCart('b');
    expect(readBrowserCart()).toEqual([]);
    expect(localStorage.getItem(BROWSER_CART_KEY)).toBeNull();
  });

  it('gives the same list while the stored text is the same (React asks again on every render)', () => {
    addToBrowserCart('a', 12);
    expect(readBrowserCart()).toBe(readBrowserCart());
  });

  it('does not throw when the storage refuses to write (full, or blocked)', () => {
    const setItem = vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('full', 'QuotaExceededError');
    });
    try {
      expect(() => writeBrowserCart([{ partId: 'a', quantity: 12 }])).not.toThrow();
      expect(readBrowserCart()).toEqual([]);
    } finally {
      setItem.mockRestore();
    }
  });
});

function CartCount() {
  const lines = useBrowserCart();
  return <p>{lines.map((line) => `${line.partId}×${line.quantity}`).join(', ') || 'empty'}</p>;
}

describe('useBrowserCart', () => {
  it('redraws when this tab changes the cart, and when another tab does (the storage event)', () => {
    render(<CartCount />);
    expect(screen.getByText('empty')).toBeTruthy();

    act(() => void addToBrowserCart('a', 12));
    expect(screen.getByText('a×12')).toBeTruthy();

    // Another tab writes the storage; this one only hears of it through the event.
    act(() => {
      localStorage.setItem(BROWSER_CART_KEY, stored([{ partId: 'a', quantity: 12 }, { partId: 'b', quantity: 6 }, 'junk']));
      window.dispatchEvent(new StorageEvent('storage', { key: BROWSER_CART_KEY }));
    });
    expect(screen.getByText('a×12, b×6')).toBeTruthy();

    act(() => {
      localStorage.clear();
      window.dispatchEvent(new StorageEvent('storage', { key: null }));
    });
    expect(screen.getByText('empty')).toBeTruthy();
  });
});
