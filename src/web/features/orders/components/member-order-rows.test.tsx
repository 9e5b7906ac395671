import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import * as copy from '#shared/copy';
import type { Order } from '#shared/schemas/orders';
import { formatDate } from '../../../lib/format-date';
import { toast } from '../../../lib/toast';
import { type FakeApi, fakeApi, ok, problem } from '../../../testing/fake-api';
import { fakeOrder } from '../../../testing/fixtures';
import { expectFieldError, renderWithApp } from '../../../testing/render-with-app';
import { OrdersTable } from './orders-table';

const m = copy.memberOrders;

/** A member's order as the API answers it, with the fields of trade accounts. */
const memberOrder = (overrides: Partial<Order> = {}): Order => ({
  ...fakeOrder({ transactionId: null, paidAt: null, invoiceNumber: null }),
  companyId: 'company-1',
  companyName: 'Acme Motors',
  poNumber: 'PO-4711',
  payment: 'account',
  dueDate: null,
  paidCents: 0,
  placedBy: { id: 'user-2', name: 'Grace Hopper' },
  declineReason: null,
  ...overrides,
});

const waiting = memberOrder({ id: 'order-w', status: 'awaiting_approval' });

let api: FakeApi;
beforeEach(() => {
  api = fakeApi();
});

const renderRows = (orders: Order[], companyAdmin: boolean) =>
  renderWithApp(<OrdersTable view="customer" orders={orders} offset={0} companyAdmin={companyAdmin} />);

describe('My Orders: the orders of a company', () => {
  it('shows who placed each order, its PO number, its invoice and the due date on account', () => {
    const confirmed = memberOrder({
      id: 'order-c',
      status: 'confirmed',
      invoiceNumber: 'INV-2026-000123',
      dueDate: '2027-01-05',
    });
    renderRows([confirmed], false);
    const row = screen.getByTestId('order-row');
    expect(within(row).getByTestId('member-order-facts').textContent).toBe(`${m.placedBy('Grace Hopper')}${m.poLabel} PO-4711`);
    expect(within(row).getByTestId('on-account').textContent).toContain(m.onAccount);
    expect(within(row).getByRole('link', { name: copy.invoice.linkLabel('INV-2026-000123') })).toBeTruthy();
    expect(within(row).getByTestId('due-date').textContent).toBe(m.dueOn(formatDate('2027-01-05')));
  });

  it('shows a declined order with its reason, and a buyer no approval buttons', () => {
    const declined = memberOrder({ id: 'order-d', status: 'declined', declineReason: 'Over budget' });
    renderRows([declined, waiting], false);
    expect(screen.getByTestId('decline-reason').textContent).toBe(m.declinedBecause('Over budget'));
    expect(screen.getByText(m.awaitingText)).toBeTruthy();
    expect(screen.queryByRole('button', { name: new RegExp(`^${m.approve}`) })).toBeNull();
  });

  it('lets a company admin approve an order waiting for them', async () => {
    api.on('POST /api/orders/order-w/approve', ok({ ...waiting, status: 'confirmed' }));
    renderRows([waiting], true);
    fireEvent.click(screen.getByRole('button', { name: m.actionLabel(m.approve, waiting.partName, 'Grace Hopper') }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith(m.approved));
    expect(api.callsTo('POST /api/orders/order-w/approve')).toHaveLength(1);
  });

  it('asks the reason to decline, sends nothing without one, then sends it', async () => {
    api.on('POST /api/orders/order-w/decline', ok({ ...waiting, status: 'declined', declineReason: 'Over budget' }));
    renderRows([waiting], true);
    fireEvent.click(screen.getByRole('button', { name: m.actionLabel(m.decline, waiting.partName, 'Grace Hopper') }));
    const dialog = await screen.findByRole('dialog', { name: m.declineTitle });
    const reason = within(dialog).getByLabelText(m.declineReason);
    fireEvent.click(within(dialog).getByRole('button', { name: m.declineConfirm }));
    expectFieldError(reason, m.declineReasonRequired);
    expect(api.callsTo('POST /api/orders/order-w/decline')).toHaveLength(0);
    fireEvent.change(reason, { target: { value: '  Over budget ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: m.declineConfirm }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith(m.declined));
    expect(api.callsTo('POST /api/orders/order-w/decline')[0]!.body).toEqual({ reason: 'Over budget' });
  });

  it('tells an approval the server refused (over the credit limit) in a toast', async () => {
    const over = 'Over your credit limit by $1,234.00';
    api.on('POST /api/orders/order-w/approve', problem('conflict', over));
    renderRows([waiting], true);
    fireEvent.click(screen.getByRole('button', { name: m.actionLabel(m.approve, waiting.partName, 'Grace Hopper') }));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith(over));
  });
});
