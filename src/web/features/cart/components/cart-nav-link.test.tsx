import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import * as copy from '#shared/copy';
import type { Part } from '#shared/schemas/parts';
import { toast } from '../../../lib/toast';
import { type FakeApi, fakeApi, fieldProblem, ok } from '../../../testing/fake-api';
import { fakeCart, fakeCartLine } from '../../../testing/fixtures';
import { renderWithApp } from '../../../testing/render-with-app';
import { BROWSER_CART_KEY, readBrowserCart } from '../lib/browser-cart';
import { type CartOwner, CartOwnerProvider } from '../lib/cart-owner';
import { AddToCartButton } from './add-to-cart-button';
import { CartNavLink } from './cart-nav-link';

const v = copy.validation;

const line = (partId: string, quantity: number) => fakeCartLine({ partId, quantity });

/** A part as the cards get it: minimum 10 in packs of 4, so its smallest allowed quantity is 12. */
const bulbs = { id: 'bulbs', name: 'Headlight Bulbs', minOrderQuantity: 10, packSize: 4, stock: 30 } as Part;

let api: FakeApi;
beforeEach(() => {
  api = fakeApi();
  localStorage.clear();
});

function renderNavbar(owner: CartOwner, part: Part = bulbs) {
  return renderWithApp(
    <CartOwnerProvider owner={owner}>
      <CartNavLink />
      <AddToCartButton part={part} />
    </CartOwnerProvider>,
  );
}

const addButton = () => screen.getByRole('button', { name: copy.cartView.addToCart });

describe('the navbar cart and "Add to cart", for a visitor', () => {
  it("counts the browser cart's lines and adds the smallest allowed quantity, to the line the part already has", async () => {
    localStorage.setItem(BROWSER_CART_KEY, JSON.stringify([{ partId: 'pads', quantity: 12 }]));
    renderNavbar('visitor');
    expect(screen.getByRole('link', { name: copy.cartView.navLabel(1) }).getAttribute('href')).toBe('/cart');

    fireEvent.click(addButton());
    await screen.findByRole('link', { name: copy.cartView.navLabel(2) });
    expect(toast.success).toHaveBeenLastCalledWith(copy.cartView.added(12, bulbs.name));
    await waitFor(() => expect(addButton().hasAttribute('disabled')).toBe(false));

    fireEvent.click(addButton());
    await waitFor(() =>
      expect(readBrowserCart()).toEqual([
        { partId: 'pads', quantity: 12 },
        { partId: 'bulbs', quantity: 24 },
      ]),
    );
    expect(screen.getByRole('link', { name: copy.cartView.navLabel(2) })).toBeTruthy();
  });

  it("refuses, with the part's rule, a quantity the stock cannot cover, and changes nothing", async () => {
    localStorage.setItem(BROWSER_CART_KEY, JSON.stringify([{ partId: 'bulbs', quantity: 24 }]));
    renderNavbar('visitor');
    fireEvent.click(addButton());
    // 30 left and 24 in the cart: one more pack of 4 would go in, the 12 asked would not.
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith(copy.pricing.overStockWithCart(30, 24, 4)));
    expect(readBrowserCart()).toEqual([{ partId: 'bulbs', quantity: 24 }]);
    expect(api.calls).toHaveLength(0);
  });
});

describe('the navbar cart and "Add to cart", signed in', () => {
  it("joins the browser's cart to the account's and empties it, then counts the account's lines", async () => {
    localStorage.setItem(
      BROWSER_CART_KEY,
      JSON.stringify([
        { partId: 'pads', quantity: 12 },
        { partId: 'bulbs', quantity: 12 },
      ]),
    );
    const merged = fakeCart(line('filter', 24), line('pads', 24), line('bulbs', 12));
    api
      .on('GET /api/cart', ok(fakeCart(line('filter', 24), line('pads', 12))), ok(merged))
      .on('POST /api/cart/merge', ok(merged));
    renderNavbar('signed-in');
    await screen.findByRole('link', { name: copy.cartView.navLabel(3) });
    expect(api.callsTo('POST /api/cart/merge')).toHaveLength(1);
    expect(api.callsTo('POST /api/cart/merge')[0]!.body).toEqual({
      lines: [
        { partId: 'pads', quantity: 12 },
        { partId: 'bulbs', quantity: 12 },
      ],
    });
    expect(localStorage.getItem(BROWSER_CART_KEY)).toBeNull();
  });

  it('keeps the browser cart when the server cannot be reached, to join it later', async () => {
    localStorage.setItem(BROWSER_CART_KEY, JSON.stringify([{ partId: 'pads', quantity: 12 }]));
    api.on('GET /api/cart', ok(fakeCart())).on('POST /api/cart/merge', { status: 503 });
    renderNavbar('signed-in');
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith(copy.cartView.mergeFailed, { toastId: 'cart-merge' }));
    expect(readBrowserCart()).toEqual([{ partId: 'pads', quantity: 12 }]);
    expect(api.callsTo('POST /api/cart/merge')).toHaveLength(1);
  });

  it("adds to the account's line of the part, and says the server's refusal", async () => {
    api
      .on('GET /api/cart', ok(fakeCart(line('bulbs', 12))))
      .on('PUT /api/cart/lines/bulbs', ok(fakeCart(line('bulbs', 24))), fieldProblem({ quantity: v.quantityTooHigh }));
    renderNavbar('signed-in', { ...bulbs, stock: 100 });
    await screen.findByRole('link', { name: copy.cartView.navLabel(1) });

    fireEvent.click(addButton());
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith(copy.cartView.added(12, bulbs.name)));
    expect(api.callsTo('PUT /api/cart/lines/bulbs')[0]!.body).toEqual({ quantity: 24 });

    // The stock went down since the page was drawn: the server refuses what the browser let through.
    await waitFor(() => expect(addButton().hasAttribute('disabled')).toBe(false));
    fireEvent.click(addButton());
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith(v.quantityTooHigh));
    expect(api.callsTo('PUT /api/cart/lines/bulbs')[1]!.body).toEqual({ quantity: 36 });
  });
});
