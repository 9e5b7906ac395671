import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import * as copy from '#shared/copy';
import { formatMoney } from '#shared/money';
import { toast } from '../../../lib/toast';
import type { Settings } from '#shared/schemas/content';
import { addressControl, fillAddress, usAddress } from '../../../testing/address-form';
import { type FakeApi, fakeApi, fieldProblem, ok, problem } from '../../../testing/fake-api';
import { fakeCart, fakeCartLine, fakeSettings } from '../../../testing/fixtures';
import { expectFieldError, expectNoFieldError, renderWithApp } from '../../../testing/render-with-app';
import { BROWSER_CART_KEY, readBrowserCart } from '../lib/browser-cart';
import { type CartOwner, CartOwnerProvider } from '../lib/cart-owner';
import { CartView } from './cart-view';

const v = copy.validation;
const a = copy.address;
const t = copy.totals;

const pads = fakeCartLine({ partId: 'pads', name: 'Brake Pads', quantity: 12 });
const filter = fakeCartLine({ partId: 'filter', name: 'Air Filter', quantity: 24 });
const bulbs = fakeCartLine({ partId: 'bulbs', name: 'Headlight Bulbs', quantity: 12, packSize: 6 });

const lastOrder = {
  items: [
    {
      customer: { name: 'Ada', email: 'ada@example.com', phone: '+44 20 7946 0958', address: '1 Works Road, Springfield' },
      deliveryAddress: usAddress,
    },
  ],
  total: 1,
  page: 1,
  limit: 1,
};

let api: FakeApi;
beforeEach(() => {
  api = fakeApi();
  localStorage.clear();
});

function renderCart(owner: CartOwner, settings: Settings = fakeSettings()) {
  return renderWithApp(
    <CartOwnerProvider owner={owner}>
      <Routes>
        <Route
          path="/cart"
          element={<CartView settings={settings} signIn={<a href="/login">{copy.cartView.signInToOrder}</a>} />}
        />
        <Route path="/dashboard/payment/:id" element={<p>payment page</p>} />
      </Routes>
    </CartOwnerProvider>,
    { path: '/cart' },
  );
}

const lineOf = async (name: string) => (await screen.findByRole('link', { name })).closest('li')!;
const quantityOf = async (name: string) => within(await lineOf(name)).getByLabelText(`${copy.fields.quantity} ${name}`);
const placeOrder = () => fireEvent.click(screen.getByRole('button', { name: copy.cartView.placeOrder }));

describe('CartView, signed in: placing the order', () => {
  it('sends every line with the phone and address of the last order, and goes on to pay for it', async () => {
    api
      .on('GET /api/cart', ok(fakeCart(pads, filter)))
      .on('GET /api/me/orders', ok(lastOrder))
      .on('POST /api/orders', ok({ id: 'order-9' }, 201));
    renderCart('signed-in');
    await waitFor(() => expect((screen.getByLabelText(copy.fields.phone) as HTMLInputElement).value).toBe('+44 20 7946 0958'));
    expect((addressControl.line1() as HTMLInputElement).value).toBe('1 Works Road');
    expect((addressControl.state() as HTMLSelectElement).value).toBe('IL');
    placeOrder();
    // The form checks the address and prices the order before it sends: slower than a second on a busy machine.
    await screen.findByText('payment page', {}, { timeout: 5_000 });
    const [sent] = api.callsTo('POST /api/orders');
    expect(sent!.body).toEqual({
      lines: [
        { partId: 'pads', quantity: 12 },
        { partId: 'filter', quantity: 24 },
      ],
      phone: '+44 20 7946 0958',
      deliveryAddress: usAddress,
    });
    expect(sent!.headers['idempotency-key']).toMatch(/^[\w-]{16,}$/);
    expect(toast.success).toHaveBeenCalledWith(copy.cartView.placed);
  });

  it("puts each refused line's message on the line sent at that index, even when the cart comes back in another order", async () => {
    api
      // After the refusal the cart is asked again: the lines come back in another order.
      .on('GET /api/cart', ok(fakeCart(pads, filter, bulbs)), ok(fakeCart(bulbs, pads, filter)))
      .on('GET /api/me/orders', ok(lastOrder))
      .on(
        'POST /api/orders',
        fieldProblem({
          'lines.1.quantity': v.quantityTooHigh,
          'lines.2.partId': copy.part.notFound,
        }),
      );
    renderCart('signed-in');
    await screen.findByDisplayValue('+44 20 7946 0958');
    placeOrder();
    await waitFor(() => expect(api.callsTo('POST /api/orders')).toHaveLength(1));
    await waitFor(async () => expectFieldError(await quantityOf('Air Filter'), v.quantityTooHigh));
    await waitFor(() => expect(api.callsTo('GET /api/cart')).toHaveLength(2));
    // Still on the right lines after the cart was drawn again in its new order.
    expectFieldError(await quantityOf('Air Filter'), v.quantityTooHigh);
    expect(within(await lineOf('Headlight Bulbs')).getByTestId('cart-line-problem').textContent).toBe(copy.part.notFound);
    expectNoFieldError(await quantityOf('Brake Pads'));
    expect(within(await lineOf('Brake Pads')).queryByTestId('cart-line-problem')).toBeNull();
    expect(screen.getByRole('alert').textContent).toBe(copy.cartView.linesRefused);
    expect(toast.error).toHaveBeenCalledWith(copy.cartView.linesRefused);
    expect(screen.queryByText('payment page')).toBeNull();
  });

  it('puts a refused phone under its field, and a refusal of the whole order under the form', async () => {
    const tooMany = 'You have 3 unpaid orders: pay or cancel one before booking more.';
    api
      .on('GET /api/cart', ok(fakeCart(pads)))
      .on('GET /api/me/orders', ok({ items: [], total: 0, page: 1, limit: 1 }))
      .on('POST /api/orders', fieldProblem({ phone: v.phoneInvalid }), problem('conflict', tooMany));
    renderCart('signed-in');
    const phone = await screen.findByLabelText(copy.fields.phone);
    expect((phone as HTMLInputElement).value).toBe('');
    fireEvent.change(phone, { target: { value: '+1 555 0100 200' } });
    // No earlier order: the seller's country to start with.
    expect((addressControl.country() as HTMLSelectElement).value).toBe('US');
    fillAddress(usAddress);
    placeOrder();
    await waitFor(() => expectFieldError(screen.getByLabelText(copy.fields.phone), v.phoneInvalid));
    expectNoFieldError(await quantityOf('Brake Pads'));

    placeOrder();
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(tooMany));
    expect(toast.error).toHaveBeenCalledWith(tooMany);
  });

  it('shows a refusal for holding too much unpaid under the form and as a toast, marking no line', async () => {
    const tooMuch = copy.booking.orderOverUnpaidCap(123_664_500, 1_000_000);
    api
      .on('GET /api/cart', ok(fakeCart(pads, filter)))
      .on('GET /api/me/orders', ok(lastOrder))
      .on('POST /api/orders', problem('unpaid_value_exceeded', tooMuch));
    renderCart('signed-in');
    await screen.findByDisplayValue('+44 20 7946 0958');
    placeOrder();
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(tooMuch));
    expect(toast.error).toHaveBeenCalledWith(tooMuch);
    expectNoFieldError(await quantityOf('Brake Pads'));
    expectNoFieldError(await quantityOf('Air Filter'));
    expect(screen.queryByText('payment page')).toBeNull();
  });

  it("puts the server's refusal of the address under its fields, and checks the address in the browser first", async () => {
    api
      .on('GET /api/cart', ok(fakeCart(pads)))
      .on('GET /api/me/orders', ok(lastOrder))
      .on('POST /api/orders', fieldProblem({ 'deliveryAddress.country': a.notDeliveredTo('United States') }));
    renderCart('signed-in');
    await screen.findByDisplayValue('+44 20 7946 0958');
    placeOrder();
    await waitFor(() => expectFieldError(addressControl.country(), a.notDeliveredTo('United States')));
    expectNoFieldError(addressControl.line1());

    fillAddress({ city: ' ' });
    placeOrder();
    await waitFor(() => expectFieldError(addressControl.city(), a.cityRequired));
    fillAddress({ city: 'Springfield', postalCode: '1234' });
    placeOrder();
    await waitFor(() => expectFieldError(addressControl.zip(), a.usZipInvalid));
    expectNoFieldError(addressControl.city());
    expect(api.callsTo('POST /api/orders')).toHaveLength(1);
  });

  it('offers only the countries delivered to, and refuses a last address elsewhere before sending', async () => {
    api.on('GET /api/cart', ok(fakeCart(pads))).on('GET /api/me/orders', ok(lastOrder));
    renderCart('signed-in', fakeSettings({ deliverTo: ['CA', 'DE'] }));
    await screen.findByDisplayValue('+44 20 7946 0958');
    const options = [...(addressControl.country() as HTMLSelectElement).options].map((option) => option.value);
    // The last order's country stays in the list, so the message below says what is wrong with it.
    expect(options).toEqual(['CA', 'DE', 'US']);
    placeOrder();
    await waitFor(() => expectFieldError(addressControl.country(), a.notDeliveredTo('United States')));
    expect(api.callsTo('POST /api/orders')).toHaveLength(0);
  });

  it('shows goods, delivery, tax per rate, total and the expected day, priced again for the country and state chosen', async () => {
    const settings = fakeSettings({
      taxRates: [
        { country: 'US', region: 'IL', name: 'Sales tax', ratePercent: 6.25 },
        { country: 'DE', name: 'VAT', ratePercent: 19 },
      ],
    });
    api.on('GET /api/cart', ok(fakeCart(pads, filter))).on('GET /api/me/orders', ok(lastOrder));
    renderCart('signed-in', settings);
    await screen.findByDisplayValue('+44 20 7946 0958');
    const totals = screen.getByTestId('cart-totals');
    // 12 + 24 at $10.00: $360.00 of goods, delivered free; Illinois' 6.25% on it.
    expect(within(totals).getByTestId('cart-totals-goods').textContent).toBe(formatMoney(36_000));
    expect(within(totals).getByTestId('cart-totals-delivery').textContent).toBe(t.deliveryFree);
    expect(within(totals).getByText(t.tax('Sales tax', '6.25'))).toBeTruthy();
    expect(within(totals).getByTestId('cart-totals-tax').textContent).toBe(formatMoney(2250));
    expect(within(totals).getByTestId('cart-totals-total').textContent).toBe(formatMoney(38_250));
    expect(within(totals).getByTestId('cart-totals-expected').textContent).toMatch(/^Expected delivery: \w+ \d+, \d{4}$/);

    fillAddress({ region: 'MI' });
    await waitFor(() => expect(within(totals).queryByTestId('cart-totals-tax')).toBeNull());
    expect(within(totals).getByTestId('cart-totals-total').textContent).toBe(formatMoney(36_000));

    fillAddress({ country: 'DE' });
    await waitFor(() => expect(within(totals).getByText(t.tax('VAT', '19'))).toBeTruthy());
    expect(within(totals).getByTestId('cart-totals-tax').textContent).toBe(formatMoney(6840));
    expect(within(totals).getByTestId('cart-totals-total').textContent).toBe(formatMoney(42_840));
    // The state chosen for the US does not follow the address abroad.
    expect((addressControl.region() as HTMLInputElement).value).toBe('');
  });

  it('offers to replace a line whose part’s number was replaced, in one click', async () => {
    const resolvedFrom = { number: 'GH-OLD-1', chain: ['GH-OLD-1', 'GH-NEW-1'], quantityFactor: 2 };
    const replacedLine = fakeCartLine({
      partId: 'gone',
      name: 'Old Radiator',
      quantity: 12,
      problem: copy.supersessions.replacedByTimes('GH-OLD-1', 'GH-NEW-1', 2),
      replacedBy: { partId: 'new', sku: 'GH-NEW-1', name: 'New Radiator', resolvedFrom },
    });
    const after = fakeCart(
      pads,
      fakeCartLine({ partId: 'new', sku: 'GH-NEW-1', name: 'New Radiator', quantity: 24, resolvedFrom }),
    );
    api
      .on('GET /api/cart', ok(fakeCart(pads, replacedLine)), ok(after))
      .on('POST /api/cart/lines/gone/replace', ok(after))
      .on('GET /api/me/orders', ok(lastOrder));
    renderCart('signed-in');
    const line = within(await lineOf('Old Radiator'));
    expect(line.getByTestId('cart-line-problem').textContent).toBe(copy.supersessions.replacedByTimes('GH-OLD-1', 'GH-NEW-1', 2));
    fireEvent.click(line.getByRole('button', { name: copy.supersessions.replaceLine('GH-NEW-1') }));
    await waitFor(() => expect(api.callsTo('POST /api/cart/lines/gone/replace')).toHaveLength(1));
    expect(await lineOf('New Radiator')).toBeTruthy();
  });

  it('sends nothing while a line cannot be ordered, and says which', async () => {
    api
      .on(
        'GET /api/cart',
        ok(fakeCart(pads, fakeCartLine({ partId: 'gone', name: 'Old Radiator', quantity: 12, problem: copy.cart.noLongerSold }))),
      )
      .on('GET /api/me/orders', ok(lastOrder));
    renderCart('signed-in');
    await screen.findByDisplayValue('+44 20 7946 0958');
    expect(within(await lineOf('Old Radiator')).getByTestId('cart-line-problem').textContent).toBe(copy.cart.noLongerSold);
    placeOrder();
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(copy.cartView.fixLines));
    expect(api.callsTo('POST /api/orders')).toHaveLength(0);
  });
});

describe('CartView, signed in: changing a quantity', () => {
  it("checks the part's rules in the browser, saves a good quantity, and shows the server's refusal next to the input", async () => {
    const packs = 'Order in packs of 6';
    const tiered = fakeCartLine({
      partId: 'bulbs',
      name: 'Headlight Bulbs',
      quantity: 48,
      packSize: 6,
      unitPriceCents: 900,
      lineTotalCents: 900 * 48,
      savingsCents: 100 * 48,
      tier: { minQuantity: 48, unitPriceCents: 900 },
    });
    api
      .on('GET /api/cart', ok(fakeCart(bulbs)))
      .on('GET /api/me/orders', ok(lastOrder))
      .on('PUT /api/cart/lines/bulbs', ok(fakeCart(tiered)), fieldProblem({ quantity: v.quantityTooHigh }));
    renderCart('signed-in');
    const input = await quantityOf('Headlight Bulbs');

    for (const [typed, message] of [
      ['', v.quantityRequired],
      ['1.5', v.quantityWhole],
      ['6', v.quantityTooLow(12)],
      ['501', copy.pricing.overStock(500, 498, 6)],
      ['13', packs],
    ] as const) {
      fireEvent.change(input, { target: { value: typed } });
      fireEvent.blur(input);
      await waitFor(() => expectFieldError(input, message));
    }
    expect(api.callsTo('PUT /api/cart/lines/bulbs')).toHaveLength(0);

    fireEvent.change(input, { target: { value: '48' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    await waitFor(() => expect(api.callsTo('PUT /api/cart/lines/bulbs')).toHaveLength(1));
    expect(api.callsTo('PUT /api/cart/lines/bulbs')[0]!.body).toEqual({ quantity: 48 });
    const updated = await lineOf('Headlight Bulbs');
    await waitFor(() => expect(within(updated).getByTestId('cart-line-tier').textContent).toBe(copy.cartView.tier(48)));
    expect(within(updated).getByTestId('cart-line-savings').textContent).toBe(copy.pricing.youSave(formatMoney(4800)));
    expectNoFieldError(input);

    fireEvent.change(input, { target: { value: '60' } });
    fireEvent.blur(input);
    await waitFor(() => expectFieldError(input, v.quantityTooHigh));
  });
});

describe('CartView, visitor', () => {
  it('prices the browser cart, changes it in the browser only, and asks the visitor to sign in to order', async () => {
    localStorage.setItem(
      BROWSER_CART_KEY,
      JSON.stringify([
        { partId: 'pads', quantity: 12 },
        { partId: 'filter', quantity: 24 },
      ]),
    );
    api.on(
      'POST /api/cart/quote',
      ok(fakeCart(pads, filter)),
      ok(fakeCart(pads, fakeCartLine({ partId: 'filter', name: 'Air Filter', quantity: 36 }))),
    );
    renderCart('visitor');
    expect((await quantityOf('Air Filter')).getAttribute('value')).toBe('24');
    expect(api.callsTo('POST /api/cart/quote')[0]!.body).toEqual({
      lines: [
        { partId: 'pads', quantity: 12 },
        { partId: 'filter', quantity: 24 },
      ],
    });
    expect(screen.getByRole('link', { name: copy.cartView.signInToOrder })).toBeTruthy();
    expect(screen.queryByRole('button', { name: copy.cartView.placeOrder })).toBeNull();

    const input = await quantityOf('Air Filter');
    fireEvent.change(input, { target: { value: '36' } });
    fireEvent.blur(input);
    await waitFor(() =>
      expect(readBrowserCart()).toEqual([
        { partId: 'pads', quantity: 12 },
        { partId: 'filter', quantity: 36 },
      ]),
    );
    await waitFor(() => expect(api.callsTo('POST /api/cart/quote')).toHaveLength(2));

    fireEvent.click(within(await lineOf('Brake Pads')).getByRole('button', { name: copy.cartView.removeLine('Brake Pads') }));
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Brake Pads' })).toBeNull());
    expect(readBrowserCart()).toEqual([{ partId: 'filter', quantity: 36 }]);
    expect(api.calls.filter((call) => call.method !== 'POST' || call.path !== '/api/cart/quote')).toEqual([]);
  });

  it("prices delivery and tax for the seller's country, and says how much more makes delivery free", async () => {
    localStorage.setItem(BROWSER_CART_KEY, JSON.stringify([{ partId: 'pads', quantity: 12 }]));
    api.on('POST /api/cart/quote', ok(fakeCart(fakeCartLine({ partId: 'pads', name: 'Brake Pads', unitPriceCents: 500 }))));
    renderCart('visitor', fakeSettings({ taxRates: [{ country: 'US', region: 'MI', name: 'Sales tax', ratePercent: 6 }] }));
    const totals = await screen.findByTestId('cart-totals');
    // $60.00 of goods and $9.90 delivery, Michigan's 6% on both ($4.194 → $4.19).
    expect(within(totals).getByTestId('cart-totals-goods').textContent).toBe(formatMoney(6000));
    expect(within(totals).getByTestId('cart-totals-delivery').textContent).toBe(formatMoney(990));
    expect(within(totals).getByTestId('cart-totals-tax').textContent).toBe(formatMoney(419));
    expect(within(totals).getByTestId('cart-totals-total').textContent).toBe(formatMoney(7409));
    expect(within(totals).getByTestId('cart-totals-free-delivery').textContent).toBe(t.freeDeliveryShort(formatMoney(4000)));
    expect(screen.getByText(t.pricesNet)).toBeTruthy();
  });

  it('shows the empty cart with a way to the parts, asking the server nothing', async () => {
    renderCart('visitor');
    expect(await screen.findByText(copy.cartView.empty)).toBeTruthy();
    expect(screen.getByRole('link', { name: copy.cartView.browseParts }).getAttribute('href')).toBe('/part');
    expect(api.calls).toHaveLength(0);
  });
});
