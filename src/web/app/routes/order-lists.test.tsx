import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import * as copy from '#shared/copy';
import type { Order, OrderList } from '#shared/schemas/orders';
import { fakeApi, ok } from '../../testing/fake-api';
import { fakeOrder, fakeOrderLine } from '../../testing/fixtures';
import { expectFieldError, expectNoFieldError, renderWithApp } from '../../testing/render-with-app';
import ManageOrdersPage from './manage-orders';
import MyOrdersPage from './my-orders';

const o = copy.orders;

function listOf(items: Order[], total = items.length): OrderList {
  return { items, total, page: 1, limit: 20 };
}

const paidOrder = fakeOrder({
  id: '0195f3a2-9c41-7a3b-8d2e-5f0a1b2c3d4e',
  lines: [fakeOrderLine({ quantity: 24 })],
  paidAt: '2026-03-04T10:30:00.000Z',
  invoiceNumber: 'INV-2026-000042',
  createdAt: '2026-03-04T10:00:00.000Z',
});

function Address() {
  const location = useLocation();
  return <output data-testid="address">{location.search}</output>;
}
const address = () => new URLSearchParams(screen.getByTestId('address').textContent ?? '');

/** My Orders asks who is signed in, to know a company admin: here someone in no company. */
const myOrdersApi = () => fakeApi().on('GET /api/auth/get-session', ok(null));

const search = () => screen.getByRole('search', { name: o.searchTitle });
const field = (label: string) => within(search()).getByLabelText(label);
const type = (label: string, value: string) => fireEvent.change(field(label), { target: { value } });

describe('My Orders', () => {
  it('tells a customer whose every order is cancelled that none is open, and offers the cancelled ones', async () => {
    const api = myOrdersApi().on('GET /api/me/orders', ok(listOf([])), ok(listOf([paidOrder, paidOrder], 2)));
    renderWithApp(
      <>
        <MyOrdersPage />
        <Address />
      </>,
      { path: '/dashboard' },
    );
    expect(await screen.findByText(o.emptyOpen)).toBeTruthy();
    expect(screen.queryByText(o.empty)).toBeNull();
    expect(screen.getByText(o.cancelledKept(2))).toBeTruthy();
    const link = screen.getByRole('link', { name: o.showCancelled });
    expect(link.getAttribute('href')).toBe('/dashboard?view=cancelled');
    // The open view first, then how many cancelled ones there are.
    expect(api.callsTo('GET /api/me/orders').map((call) => call.query.view)).toEqual(['open', 'cancelled']);
  });

  it('still says "no orders yet" to a customer who has none at all', async () => {
    myOrdersApi().on('GET /api/me/orders', ok(listOf([])));
    renderWithApp(<MyOrdersPage />, { path: '/dashboard' });
    expect(await screen.findByText(o.empty)).toBeTruthy();
    expect(screen.queryByRole('link', { name: o.showCancelled })).toBeNull();
    expect(screen.getByRole('link', { name: o.browseParts })).toBeTruthy();
  });

  it('finds orders by number and booking days: labelled fields, sent with Enter, kept in the address', async () => {
    const api = myOrdersApi().on('GET /api/me/orders', ok(listOf([paidOrder])));
    renderWithApp(
      <>
        <MyOrdersPage />
        <Address />
      </>,
      { path: '/dashboard?view=all&page=3' },
    );
    await screen.findByText('Brake pad set');
    // Every control has its label and takes the keyboard.
    for (const label of [o.searchLabel, o.bookedFrom, o.bookedTo]) {
      field(label).focus();
      expect(document.activeElement).toBe(field(label));
    }
    expect(field(o.bookedFrom).getAttribute('type')).toBe('date');

    type(o.searchLabel, ' inv-2026-42 ');
    type(o.bookedFrom, '2026-03-01');
    type(o.bookedTo, '2026-03-31');
    fireEvent.submit(search());

    await waitFor(() => expect(address().get('q')).toBe('inv-2026-42'));
    expect(address().get('from')).toBe('2026-03-01');
    expect(address().get('to')).toBe('2026-03-31');
    // The view stays; the page starts again at 1.
    expect(address().get('view')).toBe('all');
    expect(address().get('page')).toBeNull();
    await waitFor(() =>
      expect(api.callsTo('GET /api/me/orders').at(-1)?.query).toMatchObject({
        view: 'all',
        q: 'inv-2026-42',
        from: '2026-03-01',
        to: '2026-03-31',
        page: '1',
      }),
    );

    fireEvent.click(within(search()).getByRole('button', { name: o.clear }));
    await waitFor(() => expect(address().get('q')).toBeNull());
    expect(address().get('from')).toBeNull();
    expect((field(o.searchLabel) as HTMLInputElement).value).toBe('');
  });

  it('checks the search with the server’s rules and sends nothing while it is wrong', async () => {
    const api = myOrdersApi().on('GET /api/me/orders', ok(listOf([paidOrder])));
    renderWithApp(
      <>
        <MyOrdersPage />
        <Address />
      </>,
      { path: '/dashboard' },
    );
    await screen.findByText('Brake pad set');
    const asked = api.callsTo('GET /api/me/orders').length;

    type(o.searchLabel, 'brake pads');
    type(o.bookedFrom, '2026-03-31');
    type(o.bookedTo, '2026-03-01');
    fireEvent.submit(search());
    expectFieldError(field(o.searchLabel), o.searchInvalid);
    expectFieldError(field(o.bookedTo), copy.manageOrders.exportRangeReversed);
    expectNoFieldError(field(o.bookedFrom));
    expect(address().get('q')).toBeNull();

    // A mistake goes when its field changes.
    type(o.searchLabel, '0195f3a2 9c41 7a3b');
    expectNoFieldError(field(o.searchLabel));
    expect(api.callsTo('GET /api/me/orders')).toHaveLength(asked);
  });

  it('says when nothing matches the search, and clears it', async () => {
    myOrdersApi().on('GET /api/me/orders', ok(listOf([])), ok(listOf([paidOrder])));
    renderWithApp(
      <>
        <MyOrdersPage />
        <Address />
      </>,
      { path: '/dashboard?q=0195F3A2-9C41-7A3C' },
    );
    expect(await screen.findByText(o.emptySearch)).toBeTruthy();
    expect(screen.queryByText(o.emptyOpen)).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: o.clearSearch }));
    await waitFor(() => expect(address().get('q')).toBeNull());
  });

  it('leaves out of the request a search in the address the server would refuse', async () => {
    const api = myOrdersApi().on('GET /api/me/orders', ok(listOf([paidOrder])));
    renderWithApp(<MyOrdersPage />, { path: '/dashboard?q=brakes&from=2026-02-30&to=2026-03-31' });
    await screen.findByText('Brake pad set');
    const query = api.callsTo('GET /api/me/orders')[0]!.query;
    expect(query.q).toBeUndefined();
    expect(query.from).toBeUndefined();
    expect(query.to).toBe('2026-03-31');
  });
});

describe('Manage All Orders', () => {
  it('finds orders by number and days with the status shown, and downloads the CSV of that status and those days', async () => {
    const api = fakeApi().on('GET /api/orders', ok(listOf([paidOrder])));
    renderWithApp(
      <>
        <ManageOrdersPage />
        <Address />
      </>,
      { path: '/dashboard/manageOrders?status=paid' },
    );
    await screen.findByText('Brake pad set');
    const csv = screen.getByRole('link', { name: copy.manageOrders.downloadCsv });
    expect(csv.getAttribute('href')).toBe('/api/orders.csv?status=paid');

    type(o.searchLabel, 'INV-2026-000042');
    type(o.bookedFrom, '2026-01-01');
    type(o.bookedTo, '2026-03-31');
    fireEvent.click(within(search()).getByRole('button', { name: o.search }));
    await waitFor(() => expect(address().get('q')).toBe('INV-2026-000042'));
    expect(address().get('status')).toBe('paid');
    await waitFor(() =>
      expect(api.callsTo('GET /api/orders').at(-1)?.query).toMatchObject({
        status: 'paid',
        q: 'INV-2026-000042',
        from: '2026-01-01',
        to: '2026-03-31',
      }),
    );
    // The file holds the status and days shown; a number finds one order, not a file.
    expect(screen.getByRole('link', { name: copy.manageOrders.downloadCsv }).getAttribute('href')).toBe(
      '/api/orders.csv?status=paid&from=2026-01-01&to=2026-03-31',
    );
  });

  it('refuses the download of more than two years of orders, saying why, while the list shows them', async () => {
    const api = fakeApi().on('GET /api/orders', ok(listOf([paidOrder])));
    renderWithApp(<ManageOrdersPage />, { path: '/dashboard/manageOrders?from=2020-01-01&to=2026-01-01' });
    await screen.findByText('Brake pad set');
    expect(api.callsTo('GET /api/orders')[0]!.query).toMatchObject({ from: '2020-01-01', to: '2026-01-01' });
    const csv = screen.getByRole('link', { name: copy.manageOrders.downloadCsv });
    expect(fireEvent.click(csv)).toBe(false);
    expect(screen.getByRole('alert').textContent).toBe(copy.manageOrders.exportRangeTooLong);
    expect(csv.getAttribute('aria-describedby')).toBe(screen.getByRole('alert').id);
  });
});
