import { fireEvent, screen, waitFor } from '@testing-library/react';
import { type Mock, beforeEach, describe, expect, it, vi } from 'vitest';
import * as copy from '#shared/copy';
import { formatMoney } from '#shared/money';
import { toast } from '../../../lib/toast';
import { addressControl, fillAddress, usAddress } from '../../../testing/address-form';
import { type FakeApi, fakeApi, fieldProblem, ok, problem } from '../../../testing/fake-api';
import { fakeSettings } from '../../../testing/fixtures';
import { expectFieldError, expectNoFieldError, renderWithApp } from '../../../testing/render-with-app';
import BookingForm from './booking-form';

const v = copy.validation;
const a = copy.address;
const settings = fakeSettings();
const part = { id: 'part-1', minOrderQuantity: 12, stock: 40, packSize: 1, priceCents: 4890, priceTiers: [] };
let api: FakeApi;
let onEmailNotVerified: Mock<() => void>;

beforeEach(() => {
  api = fakeApi();
  onEmailNotVerified = vi.fn<() => void>();
});

const quantity = () => screen.getByLabelText(copy.fields.quantity);
const phone = () => screen.getByLabelText(copy.fields.phone);
const address = addressControl;
const refusal = () => screen.getByRole('alert');
const press = () => fireEvent.click(screen.getByRole('button', { name: copy.booking.submit }));

function submit(values: { quantity?: string; phone?: string; address?: Parameters<typeof fillAddress>[0] }) {
  if (values.quantity !== undefined) fireEvent.change(quantity(), { target: { value: values.quantity } });
  if (values.phone !== undefined) fireEvent.change(phone(), { target: { value: values.phone } });
  if (values.address !== undefined) fillAddress(values.address);
  press();
}

const placeOrder = 'POST /api/orders' as const;
const good = { quantity: '20', phone: '+44 20 7946 0958', address: usAddress };

describe('BookingForm', () => {
  beforeEach(() => {
    renderWithApp(
      <BookingForm
        part={part}
        name="Ada Lovelace"
        email="ada@example.com"
        onEmailNotVerified={onEmailNotVerified}
        settings={settings}
      />,
      { path: '/part/part-1' },
    );
  });

  it("starts at the part's minimum and checks quantity, phone and address in the browser", async () => {
    expect((quantity() as HTMLInputElement).value).toBe('12');
    // The seller's country to start with: a US address, with a state and a ZIP code.
    expect((address.country() as HTMLSelectElement).value).toBe('US');
    submit({ quantity: '11', phone: '', address: { line1: ' ', city: '', postalCode: '' } });
    await waitFor(() => expectFieldError(quantity(), v.quantityTooLow(12)));
    expectFieldError(phone(), v.phoneRequired);
    expectFieldError(address.line1(), a.line1Required);
    expectFieldError(address.city(), a.cityRequired);
    expectFieldError(address.zip(), a.postalCodeRequired);
    // The keyboard lands on the first field in error, in the order of the form.
    expect(document.activeElement).toBe(quantity());

    submit({ quantity: '41', phone: '12-34', address: { line1: '1 Works Road', city: 'Springfield', postalCode: '6270' } });
    // As the cart and quick order say it: how many are left.
    await waitFor(() => expectFieldError(quantity(), copy.pricing.overStock(40)));
    expect(copy.pricing.overStock(40)).toBe("You can't booking more then Available quantity. Only 40 left.");
    expectFieldError(phone(), v.phoneInvalid);
    expectFieldError(address.state(), a.usStateRequired);
    expectFieldError(address.zip(), a.usZipInvalid);
    expectNoFieldError(address.line1());

    // Outside the US the region is an optional code and the postal code is not a ZIP code.
    submit({ quantity: '', phone: good.phone, address: { country: 'DE', region: 'by!', postalCode: '10115' } });
    await waitFor(() => expectFieldError(quantity(), v.quantityRequired));
    expectFieldError(address.region(), a.regionInvalid);
    expectNoFieldError(address.postalCode());

    submit({ quantity: '', phone: good.phone, address: good.address });
    // The state's select is drawn anew when the country turns back to the US: wait for both.
    await waitFor(() => {
      expectNoFieldError(address.zip());
      expectNoFieldError(address.state());
    });
    expectFieldError(quantity(), v.quantityRequired);
    expectNoFieldError(phone());
    expectNoFieldError(address.line1());
    expectNoFieldError(address.state());

    submit({ quantity: '12.5' });
    await waitFor(() => expectFieldError(quantity(), v.quantityWhole));
    expect(api.calls).toHaveLength(0);
  });

  it('sends a booking of all the stock left: the upper bound is inclusive', async () => {
    api.on(placeOrder, ok({ id: 'order-1' }, 201));
    submit({ quantity: '40', phone: good.phone, address: good.address });
    await waitFor(() => expect(api.callsTo(placeOrder)).toHaveLength(1));
    expect(api.callsTo(placeOrder)[0]!.body).toEqual({
      partId: 'part-1',
      quantity: 40,
      phone: good.phone,
      deliveryAddress: { line1: '1 Works Road', city: 'Springfield', region: 'IL', postalCode: '62701', country: 'US' },
    });
  });

  it("puts the server's refusal of the address under its fields", async () => {
    api.on(
      placeOrder,
      fieldProblem({
        'deliveryAddress.country': a.notDeliveredTo('United States'),
        'deliveryAddress.city': a.cityRequired,
      }),
    );
    submit(good);
    await waitFor(() => expectFieldError(address.country(), a.notDeliveredTo('United States')));
    expectFieldError(address.city(), a.cityRequired);
    expectNoFieldError(address.line1());
    expect(toast.error).toHaveBeenCalledWith(copy.toasts.partAddFailed);
  });

  it("puts a 400's field messages under their inputs; and a successful answer clears them and the form", async () => {
    api.on(placeOrder, fieldProblem({ quantity: v.quantityTooHigh, phone: v.phoneInvalid }), ok({ id: 'order-1' }, 201));
    submit(good);
    await waitFor(() => expectFieldError(quantity(), v.quantityTooHigh));
    expectFieldError(phone(), v.phoneInvalid);
    expectNoFieldError(address.line1());
    expect(toast.error).toHaveBeenCalledWith(copy.toasts.partAddFailed);
    expect(refusal().textContent).toBe('');

    press();
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith(copy.toasts.partAdded));
    expectNoFieldError(quantity());
    expectNoFieldError(phone());
    expect((quantity() as HTMLInputElement).value).toBe('12');
    expect((address.line1() as HTMLInputElement).value).toBe('');
    expect((address.country() as HTMLSelectElement).value).toBe('US');
  });

  it.each([
    ['too many unpaid orders', problem('too_many_unpaid_orders', copy.booking.tooManyUnpaid(3))],
    ['more held unpaid than allowed', problem('unpaid_value_exceeded', copy.booking.tooMuchUnpaid(950_000, 120_000, 1_000_000))],
    ['not enough stock left', problem('insufficient_stock', v.quantityTooHigh)],
    ['a refusal with only a detail', problem('rate_limited', copy.common.tooManyRequests(12))],
  ])('shows %s under the form and as a toast, and clears it on success', async (_case, answer) => {
    api.on(placeOrder, answer, ok({ id: 'order-1' }, 201));
    const detail = (answer.body as { detail: string }).detail;
    submit(good);
    await waitFor(() => expect(refusal().textContent).toBe(detail));
    expect(toast.error).toHaveBeenCalledWith(detail);
    expectNoFieldError(quantity());

    press();
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith(copy.toasts.partAdded));
    expect(refusal().textContent).toBe('');
  });

  it('hands an unverified address to the page, which offers a new link', async () => {
    api.on(placeOrder, problem('email_not_verified', copy.booking.emailNotVerified('ada@example.com')));
    submit(good);
    await waitFor(() => expect(onEmailNotVerified).toHaveBeenCalledOnce());
    expect(toast.error).toHaveBeenCalledWith(copy.booking.emailNotVerified('ada@example.com'));
  });

  it('sends a new idempotency key after a refusal, and the same one when the answer was lost', async () => {
    api.on(placeOrder, problem('internal', 'boom'), problem('conflict', 'No.'), ok({ id: 'order-1' }, 201));
    submit(good);
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith(copy.common.somethingWrong, { toastId: 'server-fault' }));
    press();
    await waitFor(() => expect(refusal().textContent).toBe('No.'));
    press();
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith(copy.toasts.partAdded));
    const keys = api.callsTo(placeOrder).map((call) => call.headers['idempotency-key']);
    expect(keys[0]).toBe(keys[1]);
    expect(keys[2]).not.toBe(keys[1]);
  });
});

describe('BookingForm, a part sold in packs and at volume prices', () => {
  const packed = {
    id: 'part-2',
    minOrderQuantity: 10,
    stock: 500,
    packSize: 6,
    priceCents: 4890,
    priceTiers: [
      { minQuantity: 48, unitPriceCents: 4650 },
      { minQuantity: 96, unitPriceCents: 4400 },
    ],
  };
  const total = () => screen.getByTestId('booking-total');

  beforeEach(() => {
    renderWithApp(<BookingForm part={packed} name="Ada Lovelace" email="ada@example.com" settings={settings} />, {
      path: '/part/part-2',
    });
  });

  it('starts at the smallest whole number of packs above the minimum, and refuses part of a pack', async () => {
    expect((quantity() as HTMLInputElement).value).toBe('12');
    submit({ quantity: '50', phone: good.phone, address: good.address });
    await waitFor(() => expectFieldError(quantity(), copy.pricing.packsOf(6)));
    // The rules are said in order: the minimum first.
    submit({ quantity: '8' });
    await waitFor(() => expectFieldError(quantity(), v.quantityTooLow(10)));
    expect(api.calls).toHaveLength(0);
  });

  it('shows the total at the volume price the quantity reaches, and what it saves', async () => {
    expect(total().textContent).toContain(formatMoney(12 * 4890));
    expect(total().textContent).not.toContain(copy.pricing.youSave(''));

    fireEvent.change(quantity(), { target: { value: '48' } });
    await waitFor(() => expect(total().textContent).toContain(formatMoney(48 * 4650)));
    expect(total().textContent).toContain(copy.part.unitPriceAt(formatMoney(4650)));
    expect(total().textContent).toContain(copy.pricing.youSave(formatMoney(48 * (4890 - 4650))));

    fireEvent.change(quantity(), { target: { value: '96' } });
    await waitFor(() => expect(total().textContent).toContain(formatMoney(96 * 4400)));
    expect(total().textContent).toContain(copy.pricing.youSave(formatMoney(96 * 490)));

    // A quantity that cannot be booked has no total.
    fireEvent.change(quantity(), { target: { value: '97' } });
    await waitFor(() => expect(total().textContent).toBe(''));
  });
});

describe('BookingForm, for a member of a company', () => {
  it('asks only the quantity, puts it in the cart and goes on to the checkout there', async () => {
    const onAddToCart = vi.fn<(quantity: number) => Promise<boolean>>().mockResolvedValue(true);
    const onCheckout = vi.fn<() => void>();
    renderWithApp(
      <BookingForm
        part={part}
        name="Ada Lovelace"
        email="ada@example.com"
        settings={settings}
        onAddToCart={onAddToCart}
        orderingFor={{ company: 'Acme Motors', onCheckout }}
      />,
      { path: '/part/part-1' },
    );
    expect(screen.getByText(copy.memberOrders.bookingText('Acme Motors'))).toBeTruthy();
    expect(screen.queryByLabelText(copy.fields.phone)).toBeNull();
    fireEvent.change(quantity(), { target: { value: '7' } });
    fireEvent.click(screen.getByRole('button', { name: copy.memberOrders.bookingSubmit }));
    // The part's minimum is checked first: nothing goes in the cart.
    await waitFor(() => expect(quantity().getAttribute('aria-invalid')).toBe('true'));
    expect(onAddToCart).not.toHaveBeenCalled();
    fireEvent.change(quantity(), { target: { value: '24' } });
    fireEvent.click(screen.getByRole('button', { name: copy.memberOrders.bookingSubmit }));
    await waitFor(() => expect(onCheckout).toHaveBeenCalledTimes(1));
    expect(onAddToCart).toHaveBeenCalledWith(24);
    expect(api.calls).toHaveLength(0);
  });
});
