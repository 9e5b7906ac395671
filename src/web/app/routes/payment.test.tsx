import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { ReactElement } from 'react';
import { Route, Routes } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import * as copy from '#shared/copy';
import type { Order, OrderLine } from '#shared/schemas/orders';
import { settingsQueryOptions } from '../../features/settings/api/get-settings';
import { toast } from '../../lib/toast';
import { fakeApi, ok } from '../../testing/fake-api';
import { fakeOrder, fakeOrderLine, fakeSettings } from '../../testing/fixtures';
import { renderWithApp } from '../../testing/render-with-app';
import PaymentPage from './payment';

const p = copy.payment;
const o = copy.orders;
const ID = '0195f3a2-9c41-7a3b-8d2e-5f0a1b2c3d4e';

const line = (partId: string, partName: string, quantity: number) =>
  fakeOrderLine({ partId, partName, quantity, unitPriceCents: 500 });

/** An unpaid order of the signed-in customer's. */
function orderOf(lines: OrderLine[], overrides: Partial<Order> = {}): Order {
  return fakeOrder({
    id: ID,
    lines,
    status: 'pending_payment',
    payBy: '2026-03-06T10:22:00.000Z',
    transactionId: null,
    paidAt: null,
    invoiceNumber: null,
    createdAt: '2026-03-04T10:22:00.000Z',
    yours: true,
    ...overrides,
  });
}

/** Five different parts, 108 units in all. */
const fiveParts = [
  line('p1', 'Brake pad set', 48),
  line('p2', 'Oil filter', 24),
  line('p3', 'Spark plug', 12),
  line('p4', 'Wiper blade', 12),
  line('p5', 'Air filter', 12),
];

const renderPage = () =>
  renderWithApp(
    <Routes>
      <Route path="/dashboard/payment/:id" element={<PaymentPage />} />
    </Routes>,
    { path: `/dashboard/payment/${ID}` },
  );

describe('the payment page', () => {
  it('sums up an order of several parts as parts and units, under its number, never as one quantity', async () => {
    fakeApi()
      .on(`GET /api/orders/${ID}`, ok(orderOf(fiveParts)))
      .on(`POST /api/orders/${ID}/payment-intent`, ok({ provider: 'sandbox', clientSecret: 'cs_1', amountCents: 54_000 }));
    renderPage();
    const summary = await screen.findByTestId('order-summary');
    expect(within(summary).getByTestId('order-size').textContent).toBe('5 parts, 108 units');
    expect(within(summary).getByTestId('order-number').textContent).toBe(`${o.orderNumberLabel} 0195F3A2-9C41-7A3B`);
    expect(summary.textContent).not.toContain('108 parts');
  });

  it("shows the order's figures as stored when it was placed, whatever the settings say now", async () => {
    const order = orderOf([line('p1', 'Timing belt', 12)], {
      goodsCents: 6000,
      deliveryCents: 990,
      taxes: [{ name: 'VAT', ratePercent: 19, baseCents: 6990, amountCents: 1328 }],
      expectedDelivery: '2026-03-09',
    });
    fakeApi()
      .on(`GET /api/orders/${ID}`, ok(order))
      .on(`POST /api/orders/${ID}/payment-intent`, ok({ provider: 'sandbox', clientSecret: 'cs_1', amountCents: 8318 }));
    renderPage();
    const totals = await screen.findByTestId('order-totals');
    expect(order.totalCents).toBe(8318);
    expect(within(totals).getByTestId('order-totals-goods').textContent).toBe('$60.00');
    expect(within(totals).getByTestId('order-totals-delivery').textContent).toBe('$9.90');
    expect(within(totals).getByText(copy.totals.tax('VAT', '19'))).toBeTruthy();
    expect(within(totals).getByTestId('order-totals-tax').textContent).toBe('$13.28');
    expect(within(totals).getByTestId('order-totals-total').textContent).toBe('$83.18');
    expect(within(totals).getByTestId('order-totals-expected').textContent).toBe(copy.totals.expectedDelivery('March 9, 2026'));
    // Placed: no estimate of what would make delivery free.
    expect(within(totals).queryByTestId('order-totals-free-delivery')).toBeNull();
  });

  it('writes the order in the currency it was placed in, whatever the shop prices in now', async () => {
    const order = orderOf(fiveParts, { currency: 'EUR', goodsCents: 6000, deliveryCents: 990, taxes: [] });
    fakeApi()
      .on(`GET /api/orders/${ID}`, ok(order))
      .on(`POST /api/orders/${ID}/payment-intent`, ok({ provider: 'sandbox', clientSecret: 'cs_1', amountCents: 6990 }));
    const { queryClient } = renderPage();
    queryClient.setQueryData(settingsQueryOptions().queryKey, fakeSettings({ currency: 'GBP' }));
    const totals = await screen.findByTestId('order-totals');
    expect(within(totals).getByTestId('order-totals-goods').textContent).toBe('€60.00');
    expect(within(totals).getByTestId('order-totals-total').textContent).toBe('€69.90');
    expect(screen.getByTestId('order-summary').textContent).not.toMatch(/[$£]/);
  });

  it('says "1 part, 12 units" for an order of one part', async () => {
    fakeApi()
      .on(`GET /api/orders/${ID}`, ok(orderOf([line('p1', 'Timing belt', 12)])))
      .on(`POST /api/orders/${ID}/payment-intent`, ok({ provider: 'sandbox', clientSecret: 'cs_1', amountCents: 6_000 }));
    renderPage();
    expect((await screen.findByTestId('order-size')).textContent).toBe('1 part, 12 units');
  });

  it('says an expired order expired, and when, and offers "Order again", which fills the cart', async () => {
    const api = fakeApi()
      .on(`GET /api/orders/${ID}`, ok(orderOf(fiveParts, { status: 'cancelled', cancelReason: 'expired' })))
      .on(`POST /api/orders/${ID}/reorder`, ok({ lines: [], subtotalCents: 0, savingsCents: 0, unavailable: ['Spark plug'] }));
    renderPage();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(`${o.orderNumberLabel} 0195F3A2-9C41-7A3B`);
    expect(alert.textContent).toContain(p.expiredOrder('March 6, 2026 at 10:22 AM UTC'));
    expect(alert.textContent).not.toContain(p.cancelledOrder);
    expect(screen.getByRole('link', { name: p.backToOrders }).getAttribute('href')).toBe('/dashboard');
    // No card form: it cannot be paid.
    expect(screen.queryByLabelText(p.cardNumber)).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: o.orderAgain }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledTimes(1));
    expect(api.callsTo(`POST /api/orders/${ID}/reorder`)).toHaveLength(1);
    const shown = render(vi.mocked(toast.success).mock.calls[0]![0] as ReactElement);
    expect(shown.getByText(o.reordered(4))).toBeTruthy();
    expect(shown.getByText(o.reorderUnavailable(['Spark plug']))).toBeTruthy();
  });

  it('says a cancelled order was cancelled, and offers "Order again" too', async () => {
    fakeApi().on(`GET /api/orders/${ID}`, ok(orderOf(fiveParts, { status: 'cancelled', cancelReason: 'customer', payBy: null })));
    renderPage();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(p.cancelledOrder);
    expect(alert.textContent).not.toContain('expired');
    expect(screen.getByRole('button', { name: o.orderAgain })).toBeTruthy();
  });
});
