import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Route, Routes, useLocation } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import * as copy from '#shared/copy';
import { formatMoney } from '#shared/money';
import { toast } from '../../../lib/toast';
import { formatDate } from '../../../lib/format-date';
import { type FakeApi, fakeApi, fieldProblem, ok, problem } from '../../../testing/fake-api';
import { fakeCart, fakeCartLine, fakeSettings } from '../../../testing/fixtures';
import { expectFieldError, renderWithApp } from '../../../testing/render-with-app';
import { CartOwnerProvider } from '../lib/cart-owner';
import { CartView } from './cart-view';
import type { CheckoutCompany, CheckoutMember } from './company-order-form';

const m = copy.memberOrders;
const pads = fakeCartLine({ partId: 'pads', name: 'Brake Pads', quantity: 12 });

const workshop = {
  id: 'site-1',
  label: 'Main workshop',
  phone: '+1 313 555 0100',
  address: { line1: '1 Works Road', city: 'Detroit', region: 'MI', postalCode: '48201', country: 'US' },
};
const depot = {
  id: 'site-2',
  label: 'North depot',
  phone: '+1 313 555 0199',
  address: { line1: '9 Depot Lane', city: 'Chicago', region: 'IL', postalCode: '60601', country: 'US' },
};
const company = (overrides: Partial<CheckoutCompany> = {}): CheckoutCompany => ({
  name: 'Acme Motors',
  paymentTerms: 'net30',
  deliveryAddresses: [workshop, depot],
  creditLeftCents: 250_000,
  ...overrides,
});
const buyer: CheckoutMember = { role: 'buyer', orderLimitCents: 50_000 };

/** My Orders, as far as the test cares: the notice the cart handed on. */
function MyOrdersStub() {
  const state = useLocation().state as { placedNotice?: string } | null;
  return <p>my orders: {state?.placedNotice}</p>;
}

let api: FakeApi;
beforeEach(() => {
  api = fakeApi();
  localStorage.clear();
});

function renderCheckout(checkout: CheckoutCompany = company(), member: CheckoutMember = buyer) {
  return renderWithApp(
    <CartOwnerProvider owner="signed-in">
      <Routes>
        <Route
          path="/cart"
          element={<CartView settings={fakeSettings()} signIn={null} member={{ company: checkout, member }} />}
        />
        <Route path="/dashboard/payment/:id" element={<p>payment page</p>} />
        <Route path="/dashboard" element={<MyOrdersStub />} />
      </Routes>
    </CartOwnerProvider>,
    { path: '/cart' },
  );
}

const placeOrder = () => fireEvent.click(screen.getByRole('button', { name: m.placeOrder }));
const poField = () => screen.getByLabelText(m.poNumber);

describe('CompanyOrderForm: a member orders for their company', () => {
  it('sends the site chosen, the PO number and payment on account, then shows the invoice and its due date', async () => {
    api
      .on('GET /api/cart', ok(fakeCart(pads)))
      .on(
        'POST /api/orders',
        ok(
          { id: 'order-9', number: 'ORDER-9', status: 'confirmed', invoiceNumber: 'INV-2026-000123', dueDate: '2027-01-05' },
          201,
        ),
      );
    renderCheckout();
    fireEvent.click(await screen.findByRole('radio', { name: /North depot/ }));
    fireEvent.change(poField(), { target: { value: '  PO-4711  ' } });
    // Net 30 terms: on account is offered, and chosen to start with.
    expect(screen.getByRole('radio', { name: new RegExp(m.payOnAccount(30).replace(/[()]/g, '\\$&')) })).toHaveProperty(
      'checked',
      true,
    );
    expect(screen.getByTestId('order-limit').textContent).toContain(m.orderLimit(formatMoney(50_000)));
    expect(screen.getByTestId('credit-left').textContent).toBe(m.creditLeft(formatMoney(250_000)));
    placeOrder();
    const notice = m.placedOnAccount('INV-2026-000123', formatDate('2027-01-05'));
    await screen.findByText(`my orders: ${notice}`, {}, { timeout: 5_000 });
    expect(api.callsTo('POST /api/orders')[0]!.body).toEqual({
      lines: [{ partId: 'pads', quantity: 12 }],
      phone: depot.phone,
      deliveryAddressId: 'site-2',
      poNumber: 'PO-4711',
      payment: 'account',
    });
    expect(toast.success).toHaveBeenCalledWith(notice);
  });

  it('says when the order went to the company admin for approval', async () => {
    api
      .on('GET /api/cart', ok(fakeCart(pads)))
      .on('POST /api/orders', ok({ id: 'order-9', number: 'ORDER-9', status: 'awaiting_approval', invoiceNumber: null }, 201));
    renderCheckout(company({ deliveryAddresses: [workshop] }));
    // The one site is chosen already.
    expect(await screen.findByRole('radio', { name: /Main workshop/ })).toHaveProperty('checked', true);
    placeOrder();
    await screen.findByText(`my orders: ${m.sentForApproval}`, {}, { timeout: 5_000 });
  });

  it('goes on to the payment page for a card order, and offers no account on card terms', async () => {
    api
      .on('GET /api/cart', ok(fakeCart(pads)))
      .on('POST /api/orders', ok({ id: 'order-9', number: 'ORDER-9', status: 'pending_payment', invoiceNumber: null }, 201));
    renderCheckout(company({ paymentTerms: 'card', deliveryAddresses: [workshop] }), {
      role: 'company_admin',
      orderLimitCents: null,
    });
    await screen.findByRole('radio', { name: /Main workshop/ });
    expect(screen.queryByRole('radio', { name: /on account/i })).toBeNull();
    expect(screen.queryByTestId('order-limit')).toBeNull();
    placeOrder();
    await screen.findByText('payment page', {}, { timeout: 5_000 });
    expect(api.callsTo('POST /api/orders')[0]!.body).toMatchObject({ payment: 'card', deliveryAddressId: 'site-1' });
  });

  it('sends nothing without a site chosen or with a PO number too long, and says so beside each field', async () => {
    api.on('GET /api/cart', ok(fakeCart(pads)));
    renderCheckout();
    await screen.findByRole('radio', { name: /Main workshop/ });
    fireEvent.change(poField(), { target: { value: 'P'.repeat(36) } });
    expect(screen.getByText(m.poNumberHint(-1))).toBeTruthy();
    placeOrder();
    await waitFor(() => expect(screen.getByText(m.chooseAddress)).toBeTruthy());
    expectFieldError(poField(), m.poNumberTooLong);
    expect(screen.getByRole('radio', { name: /Main workshop/ }).getAttribute('aria-invalid')).toBe('true');
    expect(api.callsTo('POST /api/orders')).toHaveLength(0);
  });

  it("shows a refusal of the whole order at the top of the form, and the server's field message beside its field", async () => {
    const over = 'Over your credit limit by $1,234.00';
    api
      .on('GET /api/cart', ok(fakeCart(pads)))
      .on('POST /api/orders', problem('conflict', over), fieldProblem({ poNumber: m.poNumberTooLong }));
    renderCheckout(company({ deliveryAddresses: [workshop] }));
    await screen.findByRole('radio', { name: /Main workshop/ });
    placeOrder();
    const alert = await screen.findByRole('alert', {}, { timeout: 5_000 });
    expect(alert.textContent).toBe(over);
    // Above the fields, not under the button.
    expect(alert.compareDocumentPosition(poField()) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    placeOrder();
    await waitFor(() => expectFieldError(poField(), m.poNumberTooLong), { timeout: 5_000 });
    expect(screen.queryByText(over)).toBeNull();
  });
});
