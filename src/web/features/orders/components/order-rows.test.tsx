import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { ReactElement } from 'react';
import { describe, expect, it, vi } from 'vitest';
import * as copy from '#shared/copy';
import { formatMoney } from '#shared/money';
import { toast } from '../../../lib/toast';
import { fakeApi, ok, problem } from '../../../testing/fake-api';
import { fakeOrder, fakeOrderLine } from '../../../testing/fixtures';
import { renderWithApp } from '../../../testing/render-with-app';
import { OrdersTable } from './orders-table';

const o = copy.orders;

const line = (partId: string, sku: string, partName: string, quantity: number, unitPriceCents: number) =>
  fakeOrderLine({ partId, sku, partName, quantity, unitPriceCents });

const threeLines = fakeOrder({
  id: 'order-3',
  lines: [
    line('p1', 'GH-BRK-1042', 'Brake pad set', 48, 4650),
    line('p2', 'GH-FLT-0980', 'Oil filter', 24, 1290),
    line('p3', 'GH-SPK-0200', 'Spark plug', 12, 899),
  ],
});
const oneLine = fakeOrder({
  lines: [line('p4', 'GH-BLT-0300', 'Timing belt', 12, 5400)],
  number: '0195F3A3-0C00-7D21',
  createdAt: '2026-11-26T09:00:00.000Z',
  status: 'pending_payment',
  payBy: '2026-11-28T09:00:00.000Z',
  transactionId: null,
  paidAt: null,
  invoiceNumber: null,
});

const rowOf = (name: string) => screen.getAllByTestId('order-row').find((row) => row.textContent?.includes(name))!;
const toggleOf = (row: HTMLElement) => within(row).getByRole('button', { expanded: false });

/** The disclosure's behaviour, the same in My Orders and in Manage All Orders. */
async function expectDisclosure() {
  const row = rowOf('Brake pad set');
  // The first line's name, "+ 2 more", the units and the total.
  expect(within(row).getByTestId('more-lines').textContent).toBe(o.moreLines(2));
  expect(row.textContent).toContain('84');
  expect(row.textContent).toContain(formatMoney(48 * 4650 + 24 * 1290 + 12 * 899));
  expect(screen.queryByTestId('order-lines')).toBeNull();

  const toggle = toggleOf(row);
  // Its name says what it does and whose lines: every row has one.
  expect(toggle.textContent).toBe(`${o.showLines(3)} ${o.linesOf(o.orderName('Brake pad set', 2))}`);
  expect(toggle.getAttribute('aria-controls')).toBeNull();
  fireEvent.click(toggle);

  await waitFor(() => expect(toggle.getAttribute('aria-expanded')).toBe('true'));
  expect(toggle.textContent).toContain(o.hideLines(3));
  const lines = document.getElementById(toggle.getAttribute('aria-controls')!)!;
  const table = within(lines).getByRole('table', { name: o.linesCaption(o.orderName('Brake pad set', 2)) });
  const headers = within(table)
    .getAllByRole('columnheader')
    .map((header) => header.textContent);
  expect(headers).toEqual([o.picture, o.sku, o.name, o.quantity, o.unitPrice, o.lineTotal]);
  const cells = within(table)
    .getAllByTestId('order-line')
    .map((tr) =>
      within(tr)
        .getAllByRole('cell')
        .map((td) => td.textContent),
    );
  expect(cells).toEqual([
    ['', `${o.sku}: GH-BRK-1042`, 'Brake pad set', `${o.quantity}: 48`, `${o.unitPrice}: $46.50`, `${o.lineTotal}: $2,232.00`],
    ['', `${o.sku}: GH-FLT-0980`, 'Oil filter', `${o.quantity}: 24`, `${o.unitPrice}: $12.90`, `${o.lineTotal}: $309.60`],
    ['', `${o.sku}: GH-SPK-0200`, 'Spark plug', `${o.quantity}: 12`, `${o.unitPrice}: $8.99`, `${o.lineTotal}: $107.88`],
  ]);
  // Each line's picture is there, decorative (the row names the part).
  expect(
    within(table)
      .getAllByRole('presentation')
      .map((img) => img.getAttribute('src')),
  ).toEqual(['/uploads/p1-w640.webp', '/uploads/p2-w640.webp', '/uploads/p3-w640.webp']);

  // A one-line order shows no "+ N more", and opens on its one line.
  const single = rowOf('Timing belt');
  expect(within(single).queryByTestId('more-lines')).toBeNull();
  expect(toggleOf(single).textContent).toContain(o.showLines(1));

  fireEvent.click(toggle);
  await waitFor(() => expect(screen.queryByTestId('order-lines')).toBeNull());
  expect(toggle.getAttribute('aria-expanded')).toBe('false');
}

/** What both lists show of each order: its number and booking day, its size in parts and units, its invoice. */
function expectOrderFacts() {
  const several = rowOf('Brake pad set');
  expect(within(several).getByTestId('order-reference').textContent).toBe(
    `${o.orderNumberLabel} 0195F3A2-9C41-7A3B. ${o.bookedLabel} November 20, 2026`,
  );
  expect(within(several).getByTestId('order-reference').querySelector('time')?.getAttribute('datetime')).toBe(
    '2026-11-20T09:00:00.000Z',
  );
  // Three different parts are never "84" of anything.
  expect(several.textContent).toContain('3 parts, 84 units');
  expect(within(several).getByRole('link', { name: copy.invoice.linkLabel('INV-2026-000001') }).textContent).toBe(
    'Invoice INV-2026-000001',
  );

  const single = rowOf('Timing belt');
  expect(within(single).getByTestId('order-reference').textContent).toBe(
    `${o.orderNumberLabel} 0195F3A3-0C00-7D21. ${o.bookedLabel} November 26, 2026`,
  );
  expect(single.textContent).toContain('1 part, 12 units');
  expect(within(single).queryByRole('link', { name: /Invoice/ })).toBeNull();
}

describe('order rows', () => {
  it('My Orders: each row shows the order’s number, booking day, parts and units, and invoice number', () => {
    fakeApi();
    renderWithApp(<OrdersTable view="customer" orders={[threeLines, oneLine]} offset={0} />, { path: '/dashboard' });
    expectOrderFacts();
  });

  it('Manage All Orders: the same facts on each row', () => {
    fakeApi();
    renderWithApp(<OrdersTable view="admin" orders={[threeLines, oneLine]} offset={0} />, { path: '/dashboard/manageOrders' });
    expectOrderFacts();
  });

  it('asks before cancelling an order of several parts, counting its parts and units apart', async () => {
    fakeApi();
    const unpaid = { ...threeLines, status: 'pending_payment' as const, payBy: '2026-11-22T09:00:00.000Z', invoiceNumber: null };
    renderWithApp(<OrdersTable view="customer" orders={[unpaid]} offset={0} />, { path: '/dashboard' });
    fireEvent.click(screen.getByRole('button', { name: o.cancelLabel(o.orderName('Brake pad set', 2)) }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain(
      'Your order of Brake pad set and 2 more (3 parts, 84 units) will be cancelled and its parts go back to stock.',
    );
  });

  it('My Orders: one row per order that opens to show every line, the pay and cancel actions still there', async () => {
    fakeApi();
    renderWithApp(<OrdersTable view="customer" orders={[threeLines, oneLine]} offset={0} />, { path: '/dashboard' });
    await expectDisclosure();
    const single = rowOf('Timing belt');
    expect(
      within(single)
        .getByRole('link', { name: o.payLabel('Timing belt') })
        .getAttribute('href'),
    ).toBe('/dashboard/payment/order-1');
    expect(within(single).getByRole('button', { name: o.cancelLabel('Timing belt') })).toBeTruthy();
    expect(within(rowOf('Brake pad set')).getByText(o.successful)).toBeTruthy();
  });

  it('Manage All Orders: the same disclosure, with the status steps named after the whole order', async () => {
    fakeApi();
    renderWithApp(<OrdersTable view="admin" orders={[threeLines, oneLine]} offset={0} />, { path: '/dashboard/manageOrders' });
    await expectDisclosure();
    const t = copy.manageOrders;
    expect(
      within(rowOf('Brake pad set')).getByRole('button', {
        name: t.actionLabel(t.markShipped, o.orderName('Brake pad set', 2), 'Ada Lovelace'),
      }),
    ).toBeTruthy();
    expect(
      within(rowOf('Timing belt')).getByRole('button', { name: t.actionLabel(t.cancel, 'Timing belt', 'Ada Lovelace') }),
    ).toBeTruthy();
    // Each line has its own unit price, so an order of several shows none of its own.
    expect(rowOf('Brake pad set').textContent).not.toContain(t.each(formatMoney(4650)));
    expect(rowOf('Timing belt').textContent).toContain(t.each(formatMoney(5400)));
  });

  it('"Order again" puts the lines in the cart, says how many and which parts are no longer sold, and links to the cart', async () => {
    const api = fakeApi().on(
      'POST /api/orders/order-3/reorder',
      ok({ lines: [], subtotalCents: 0, savingsCents: 0, unavailable: ['Spark plug'] }),
    );
    const { queryClient } = renderWithApp(<OrdersTable view="customer" orders={[threeLines, oneLine]} offset={0} />, {
      path: '/dashboard',
    });
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    fireEvent.click(
      within(rowOf('Brake pad set')).getByRole('button', { name: o.orderAgainLabel(o.orderName('Brake pad set', 2)) }),
    );

    await waitFor(() => expect(toast.success).toHaveBeenCalledTimes(1));
    expect(api.callsTo('POST /api/orders/order-3/reorder')).toHaveLength(1);
    // The navbar's cart count asks again.
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['cart'] });
    const shown = render(vi.mocked(toast.success).mock.calls[0]![0] as ReactElement);
    expect(shown.getByText(o.reordered(2))).toBeTruthy();
    expect(shown.getByText(o.reorderUnavailable(['Spark plug']))).toBeTruthy();
    expect(shown.getByRole('link', { name: o.viewCart }).getAttribute('href')).toBe('/cart');
  });

  it('"Order again" refused by the server says why in a toast', async () => {
    fakeApi().on('POST /api/orders/order-1/reorder', problem('not_found', o.notFound));
    renderWithApp(<OrdersTable view="customer" orders={[threeLines, oneLine]} offset={0} />, { path: '/dashboard' });
    fireEvent.click(within(rowOf('Timing belt')).getByRole('button', { name: o.orderAgainLabel('Timing belt') }));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith(o.notFound));
    expect(toast.success).not.toHaveBeenCalled();
  });
});
