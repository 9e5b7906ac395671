import { act, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import * as copy from '#shared/copy';
import { formatMoney } from '#shared/money';
import type { CartLine } from '#shared/schemas/cart';
import { fakeApi, ok } from '../../../testing/fake-api';
import { fakeCart, fakeCartLine, fakeSettings } from '../../../testing/fixtures';
import { renderWithApp } from '../../../testing/render-with-app';
import { CartOwnerProvider } from '../lib/cart-owner';
import { CartView } from './cart-view';

const NOW = Date.parse('2026-06-15T12:00:00.000Z');
const ENDS_AT = '2026-06-15T12:00:05.000Z';

const pads = (unitPriceCents: number, deal: CartLine['deal']): CartLine =>
  fakeCartLine({
    sku: 'GH-BRK-1042',
    name: 'Brake Pads',
    unitPriceCents,
    basePriceCents: 4890,
    savingsCents: (4890 - unitPriceCents) * 12,
    deal,
  });

describe('CartView when a line’s flash deal ends', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('asks the server for the cart again at the end, and shows the price it gives', async () => {
    vi.useFakeTimers({ now: NOW, toFake: ['Date', 'setTimeout', 'clearTimeout'], shouldAdvanceTime: true });
    const api = fakeApi()
      .on('GET /api/cart', ok(fakeCart(pads(3667, { percent: 25, endsAt: ENDS_AT }))), ok(fakeCart(pads(4890, null))))
      .on('GET /api/me/orders', ok({ items: [], total: 0, page: 1, limit: 1 }));
    renderWithApp(
      <CartOwnerProvider owner="signed-in">
        <Routes>
          <Route path="/cart" element={<CartView signIn={null} settings={fakeSettings()} />} />
        </Routes>
      </CartOwnerProvider>,
      { path: '/cart' },
    );
    const line = async () => (await screen.findByRole('link', { name: 'Brake Pads' })).closest('li')!;
    expect(within(await line()).getByTestId('cart-line-deal').textContent).toBe(copy.deal.cartLine(25));
    expect(screen.getByTestId('cart-totals-goods').textContent).toBe(formatMoney(3667 * 12));
    expect(api.callsTo('GET /api/cart')).toHaveLength(1);

    await act(async () => {
      await vi.advanceTimersByTimeAsync(5_001);
    });
    await waitFor(() => expect(screen.getByTestId('cart-totals-goods').textContent).toBe(formatMoney(4890 * 12)));
    expect(api.callsTo('GET /api/cart')).toHaveLength(2);
    expect(within(await line()).queryByTestId('cart-line-deal')).toBeNull();
  });
});
