import { fireEvent, screen, waitFor } from '@testing-library/react';
import { type Mock, beforeEach, describe, expect, it, vi } from 'vitest';
import * as copy from '#shared/copy';
import type { PaymentResult } from '#shared/schemas/payments';
import { type FakeApi, fakeApi, fieldProblem, ok, problem } from '../../../testing/fake-api';
import { expectFieldError, expectNoFieldError, renderWithApp } from '../../../testing/render-with-app';
import { SandboxCardForm } from './sandbox-card-form';

const p = copy.payment;
let api: FakeApi;
let onPaid: Mock<(result: PaymentResult) => void>;

beforeEach(() => {
  api = fakeApi();
  onPaid = vi.fn<(result: PaymentResult) => void>();
  renderWithApp(<SandboxCardForm orderId="order-1" clientSecret="pi_secret_1" paid={false} onPaid={onPaid} />, {
    path: '/dashboard/payment/order-1',
  });
});

const number = () => screen.getByLabelText(p.cardNumber);
const expiry = () => screen.getByLabelText(p.expiry);
const cvc = () => screen.getByLabelText(p.cvc);
const refusal = () => screen.getByRole('alert');
const press = () => fireEvent.click(screen.getByRole('button', { name: p.pay }));

function type(values: { number?: string; expiry?: string; cvc?: string }) {
  if (values.number !== undefined) fireEvent.change(number(), { target: { value: values.number } });
  if (values.expiry !== undefined) fireEvent.change(expiry(), { target: { value: values.expiry } });
  if (values.cvc !== undefined) fireEvent.change(cvc(), { target: { value: values.cvc } });
}

const pay = 'POST /api/orders/order-1/payment' as const;
const card = { number: '4242424242424242', expiry: '12/30', cvc: '123' };
const paid = ok({ status: 'succeeded', transactionId: 'txn_1' });

describe('SandboxCardForm', () => {
  it("checks the card's shape in the browser before sending anything", async () => {
    press();
    await waitFor(() => expectFieldError(number(), p.numberRequired));
    expectFieldError(expiry(), p.expiryIncomplete);
    expectFieldError(cvc(), p.cvcRequired);

    type({ number: '4242 4242', expiry: '13/30', cvc: '12' });
    await waitFor(() => expectFieldError(number(), p.numberIncomplete));
    expectFieldError(expiry(), p.expMonthInvalid);
    expectFieldError(cvc(), p.cvcIncomplete);

    type({ number: '4242 4242 4242 4242 4242', expiry: '12/1999' });
    await waitFor(() => expectFieldError(expiry(), p.expYearInvalid));
    // Typing stops at 19 digits, the longest card number.
    expect((number() as HTMLInputElement).value).toBe('4242 4242 4242 4242 424');
    expectNoFieldError(number());
    expect(api.calls).toHaveLength(0);
  });

  it.each([
    ['12/30', 12, 2030],
    ['12 / 30', 12, 2030],
    ['1230', 12, 2030],
    ['1/2031', 1, 2031],
  ])('reads the expiry "%s" as month %i of %i', async (typed, expMonth, expYear) => {
    api.on(pay, paid);
    type({ ...card, expiry: typed });
    press();
    await waitFor(() => expect(onPaid).toHaveBeenCalledOnce());
    expect(onPaid.mock.calls[0]![0]).toEqual({ status: 'succeeded', transactionId: 'txn_1' });
    expect(api.callsTo(pay)[0]!.body).toEqual({
      clientSecret: 'pi_secret_1',
      card: { number: card.number, expMonth, expYear, cvc: card.cvc },
    });
  });

  it("puts a 400's card.* messages under the card's fields, and a successful answer clears them", async () => {
    api.on(pay, fieldProblem({ 'card.number': p.numberDigitsOnly, 'card.expYear': p.expYearInvalid }), paid);
    type(card);
    press();
    await waitFor(() => expectFieldError(number(), p.numberDigitsOnly));
    expectFieldError(expiry(), p.expYearInvalid);
    expectNoFieldError(cvc());
    expect(refusal().textContent).toBe('');

    press();
    await waitFor(() => expect(onPaid).toHaveBeenCalledOnce());
    expectNoFieldError(number());
    expectNoFieldError(expiry());
  });

  it.each([
    ['a declined card (402)', problem('payment_failed', p.declined)],
    ['a closed payment window (409)', problem('payment_window_closed', p.windowClosed)],
    ['too many requests (429)', problem('rate_limited', copy.common.tooManyRequests(5))],
  ])('shows %s as red text under the form, and clears it on success', async (_case, answer) => {
    api.on(pay, answer, paid);
    type(card);
    press();
    await waitFor(() => expect(refusal().textContent).toBe((answer.body as { detail: string }).detail));
    expectNoFieldError(number());

    press();
    await waitFor(() => expect(onPaid).toHaveBeenCalledOnce());
    expect(refusal().textContent).toBe('');
  });

  it("drops the provider's answer once the card is changed", async () => {
    api.on(pay, problem('payment_failed', p.insufficientFunds));
    type(card);
    press();
    await waitFor(() => expect(refusal().textContent).toBe(p.insufficientFunds));
    type({ number: '5555 5555 5555 4444' });
    await waitFor(() => expect(refusal().textContent).toBe(''));
  });
});
