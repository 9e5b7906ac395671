import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import * as copy from '#shared/copy';
import type { Order, OrderStatus } from '#shared/schemas/orders';
import { fakeApi } from '../../../testing/fake-api';
import { fakeOrder, fakeOrderLine } from '../../../testing/fixtures';
import { renderWithApp } from '../../../testing/render-with-app';
import { OrdersTable } from './orders-table';

const c = copy.invoice;

function orderOf(id: string, partName: string, status: OrderStatus, invoiceNumber: string | null): Order {
  const paid = invoiceNumber !== null;
  return fakeOrder({
    id,
    number: `0195F3A2-9C41-7A${id.toUpperCase()}`,
    lines: [fakeOrderLine({ partId: `p-${id}`, sku: `GH-${id}`, partName, unitPriceCents: 1000 })],
    status,
    cancelReason: status === 'cancelled' ? 'customer' : null,
    payBy: status === 'pending_payment' ? '2026-11-28T09:00:00.000Z' : null,
    transactionId: paid ? `txn_${id}` : null,
    paidAt: paid ? '2026-11-20T10:00:00.000Z' : null,
    invoiceNumber,
  });
}

const orders: Order[] = [
  orderOf('o1', 'Brake pad set', 'paid', 'INV-2026-000001'),
  orderOf('o2', 'Oil filter', 'shipped', 'INV-2026-000002'),
  orderOf('o3', 'Spark plug', 'delivered', 'INV-2026-000003'),
  orderOf('o4', 'Timing belt', 'pending_payment', null),
  orderOf('o5', 'Wiper blade', 'cancelled', null),
  // Paid, then cancelled by an admin before it shipped: its invoice and the credit note that undoes it.
  {
    ...orderOf('o6', 'Radiator cap', 'cancelled', 'INV-2026-000004'),
    cancelReason: 'admin',
    creditNotes: [{ number: 'CN-2026-000001', totalCents: 1000, issuedAt: '2026-11-21T10:00:00.000Z' }],
  },
];

const rowOf = (name: string) => screen.getAllByTestId('order-row').find((row) => row.textContent?.includes(name))!;

/** Paid, shipped and delivered rows each have one "Invoice" link to their PDF, showing and named with the number; the others none. */
function expectInvoiceLinks() {
  for (const [name, id, number] of [
    ['Brake pad set', 'o1', 'INV-2026-000001'],
    ['Oil filter', 'o2', 'INV-2026-000002'],
    ['Spark plug', 'o3', 'INV-2026-000003'],
    ['Radiator cap', 'o6', 'INV-2026-000004'],
  ] as const) {
    const link = within(rowOf(name)).getByRole('link', { name: c.linkLabel(number) });
    expect(link.textContent).toBe(`${c.link} ${number}`);
    expect(link.getAttribute('href')).toBe(`/api/orders/${id}/invoice.pdf`);
    expect(link.getAttribute('download')).toBe(c.filename(number));
  }
  for (const name of ['Timing belt', 'Wiper blade']) {
    expect(within(rowOf(name)).queryByRole('link', { name: new RegExp(c.link) })).toBeNull();
  }
  const creditNote = within(rowOf('Radiator cap')).getByRole('link', { name: c.creditNoteLinkLabel('CN-2026-000001') });
  expect(creditNote.textContent).toBe(`${c.creditNoteLink} CN-2026-000001`);
  expect(creditNote.getAttribute('href')).toBe('/api/credit-notes/CN-2026-000001.pdf');
  expect(creditNote.getAttribute('download')).toBe('CN-2026-000001.pdf');
  for (const name of ['Brake pad set', 'Oil filter', 'Spark plug', 'Timing belt', 'Wiper blade']) {
    expect(within(rowOf(name)).queryByRole('link', { name: new RegExp(c.creditNoteLink) })).toBeNull();
  }
}

describe('invoice links', () => {
  it('My Orders: an Invoice link on paid, shipped and delivered orders, and a credit note’s beside a refunded one’s', () => {
    fakeApi();
    renderWithApp(<OrdersTable view="customer" orders={orders} offset={0} />, { path: '/dashboard' });
    expectInvoiceLinks();
  });

  it('Manage All Orders: the same links, and "Cancel and refund" on a paid order only', () => {
    fakeApi();
    renderWithApp(<OrdersTable view="admin" orders={orders} offset={0} />, { path: '/dashboard/manageOrders' });
    expectInvoiceLinks();
    const refundable = screen.getAllByRole('button', { name: new RegExp(`^${copy.manageOrders.cancelRefund}`) });
    expect(refundable).toHaveLength(1);
    expect(rowOf('Brake pad set').contains(refundable[0]!)).toBe(true);
  });
});
