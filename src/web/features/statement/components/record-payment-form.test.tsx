import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import * as copy from '#shared/copy';
import { type FakeApi, fakeApi, ok, problem } from '../../../testing/fake-api';
import { expectFieldError, expectNoFieldError, renderWithApp } from '../../../testing/render-with-app';
import { RecordPaymentForm } from './record-payment-form';

const s = copy.statement;
const NUMBER = 'INV-2026-000123';
const record = `POST /api/invoices/${NUMBER}/payments` as const;
const figures = ok({
  invoiceNumber: NUMBER,
  orderId: 'order-1',
  totalCents: 120_000,
  paidCents: 100_000,
  leftCents: 20_000,
  currency: 'USD',
  items: [],
});
let api: FakeApi;

beforeEach(() => {
  api = fakeApi();
  api.on(`GET /api/invoices/${NUMBER}/payments`, figures);
  renderWithApp(<RecordPaymentForm />, { path: '/dashboard/manageOrders' });
  fireEvent.click(screen.getByRole('button', { name: s.recordPayment }));
});

const field = (label: string) => screen.getByLabelText(label);
const type = (label: string, value: string) => fireEvent.change(field(label), { target: { value } });
const press = () => fireEvent.click(screen.getByRole('button', { name: s.record }));
const fill = (amount = '150.50') => {
  type(s.invoice, NUMBER);
  type(s.amountLabel, amount);
  type(s.paidAtLabel, '2026-01-05');
  type(s.referenceLabel, 'Chase wire 88213');
};

describe('RecordPaymentForm', () => {
  it('checks the fields in the browser and sends nothing while one is wrong', async () => {
    type(s.amountLabel, '12.345');
    type(s.paidAtLabel, '2999-01-01');
    press();
    await waitFor(() => expectFieldError(field(s.invoice), s.invoiceNotFound));
    expectFieldError(field(s.amountLabel), s.amountInvalid);
    expectFieldError(field(s.paidAtLabel), s.paidAtInFuture);
    expectFieldError(field(s.referenceLabel), s.referenceRequired);
    expect(api.callsTo(record)).toHaveLength(0);
  });

  it('shows what is left on the invoice, and sends the amount in cents with an Idempotency-Key', async () => {
    api.on(record, ok({ id: 'pay-1', amountCents: 15_050 }, 201));
    fill();
    await screen.findByText(s.leftOnInvoice('$200.00', '$1,200.00'));
    press();
    await waitFor(() => expect(api.callsTo(record)).toHaveLength(1));
    const call = api.callsTo(record)[0]!;
    expect(call.body).toEqual({ amountCents: 15_050, paidAt: '2026-01-05', reference: 'Chase wire 88213' });
    expect(call.headers['Idempotency-Key']).toMatch(/^[0-9a-f-]{32,36}$/);
  });

  it("puts the server's refusals next to their fields", async () => {
    const left = 'The invoice has $200.00 left to pay';
    api.on(
      record,
      problem('conflict', left, { amountCents: left }),
      problem('conflict', s.orderCancelled(NUMBER)),
      problem('validation_failed', s.paidAtInFuture, { paidAt: s.paidAtInFuture }),
    );
    fill('500');
    press();
    await waitFor(() => expectFieldError(field(s.amountLabel), left));
    expectNoFieldError(field(s.invoice));
    press();
    await waitFor(() => expectFieldError(field(s.invoice), s.orderCancelled(NUMBER)));
    press();
    await waitFor(() => expectFieldError(field(s.paidAtLabel), s.paidAtInFuture));
  });
});
