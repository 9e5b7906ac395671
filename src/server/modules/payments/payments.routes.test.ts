import { beforeAll, expect, it } from 'vitest';
import * as copy from '#shared/copy';
import { signedInAdmin, signedInCustomer, type TestAccount } from '../../testing/accounts';
import { testApi } from '../../testing/api';
import { insertPart } from '../../testing/factories';
import { GOOD_CARD, openPayment, placedOrder } from '../../testing/orders';
import { describeOnEachEngine, TEST_NOW } from '../../testing/test-app';

const p = copy.payment;
// TEST_NOW is June 2026: GOOD_CARD (12/2030) is valid.
const HOUR = 3_600_000;

describeOnEachEngine('payments API', (ctx) => {
  let admin: TestAccount;
  let customer: TestAccount;
  let other: TestAccount;

  beforeAll(async () => {
    admin = await signedInAdmin(ctx);
    customer = await signedInCustomer(ctx);
    other = await signedInCustomer(ctx);
  });

  const api = testApi(ctx);
  const place = async (priceCents = 2550, account = customer) => {
    const part = await insertPart(ctx.database.db, { price_cents: priceCents, stock: 100 });
    const { id } = await placedOrder(ctx, account, part.id);
    return { orderId: id, partId: part.id };
  };
  const intentFor = (orderId: string, account = customer) => openPayment(ctx, account, orderId);
  const pay = (orderId: string, clientSecret: string, card: object = GOOD_CARD, account = customer) =>
    api.as(account).post(`/api/orders/${orderId}/payment`, { clientSecret, card });
  const getOrder = async (orderId: string) => (await api.as(customer).get(`/api/orders/${orderId}`)).json;
  const intentsOf = (orderId: string) =>
    ctx.database.db.selectFrom('payment_intents').selectAll().where('order_id', '=', orderId).execute();

  it("creates one sandbox intent per order, for the order's total, and answers the same one again", async () => {
    const { orderId } = await place(2550);
    const res = await api.as(customer).post(`/api/orders/${orderId}/payment-intent`);
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ provider: 'sandbox', clientSecret: expect.any(String), amountCents: 30600 });
    expect(res.json.clientSecret.length).toBeGreaterThan(40);
    expect(await intentFor(orderId)).toBe(res.json.clientSecret);
    expect(await intentsOf(orderId)).toHaveLength(1);
  });

  it("keeps the booked total when the part's price changes afterwards", async () => {
    const { orderId, partId } = await place(1000);
    await ctx.database.db.updateTable('parts').set({ price_cents: 9999 }).where('id', '=', partId).execute();
    const res = await api.as(customer).post(`/api/orders/${orderId}/payment-intent`);
    expect(res.json.amountCents).toBe(12000);
  });

  it('charges the total as booked, delivery and tax included, and keeps it when the tax table and fee change', async () => {
    const shop = (changes: object) =>
      api.as(admin).patch('/api/settings', { flashDealEndsAt: '2026-01-01T00:00:00.000Z', ...changes });
    expect((await shop({ taxRates: [{ country: 'US', name: 'Sales tax', ratePercent: 6 }] })).status).toBe(200);
    try {
      // 12 × 5.00 = 60.00, below the 100.00 threshold: 9.90 delivery, and 6% of 69.90 = 4.194 → 4.19.
      const { orderId } = await place(500);
      expect(await getOrder(orderId)).toMatchObject({
        goodsCents: 6000,
        deliveryCents: 990,
        taxes: [{ name: 'Sales tax', ratePercent: 6, baseCents: 6990, amountCents: 419 }],
        totalCents: 7409,
      });
      await shop({ taxRates: [], deliveryFeeCents: 0 });
      const intent = await api.as(customer).post(`/api/orders/${orderId}/payment-intent`);
      expect(intent.json).toMatchObject({ provider: 'sandbox', amountCents: 7409 });
      expect(await intentsOf(orderId)).toMatchObject([{ amount_cents: 7409 }]);
      const paid = await pay(orderId, intent.json.clientSecret);
      expect(paid.status, paid.body).toBe(200);
      expect(await getOrder(orderId)).toMatchObject({ status: 'paid', totalCents: 7409 });
    } finally {
      await shop({ taxRates: [], deliveryFeeCents: 990 });
    }
  });

  it('lets only the owner create an intent or pay: anonymous 401, another customer and an admin 404', async () => {
    const { orderId } = await place();
    const secret = await intentFor(orderId);
    for (const url of [`/api/orders/${orderId}/payment-intent`, `/api/orders/${orderId}/payment`]) {
      const body = url.endsWith('payment') ? { clientSecret: secret, card: GOOD_CARD } : undefined;
      expect((await api.anonymous.post(url, body)).status).toBe(401);
      expect((await api.as(other).post(url, body)).status).toBe(404);
      expect((await api.as(admin).post(url, body)).status).toBe(404);
    }
    expect((await api.as(customer).post('/api/orders/no-such-order/payment-intent')).status).toBe(404);
    expect((await getOrder(orderId)).status).toBe('pending_payment');
  });

  it('pays with 4242…: the order shows paid with its transaction id and time', async () => {
    const { orderId } = await place();
    const res = await pay(orderId, await intentFor(orderId));
    expect(res.status, res.body).toBe(200);
    const { transactionId } = res.json;
    expect(res.json).toEqual({ status: 'succeeded', transactionId: expect.stringMatching(/^txn_sandbox_/) });
    const order = await getOrder(orderId);
    expect(order).toMatchObject({ status: 'paid', transactionId, paidAt: ctx.clock.now().toISOString() });
  });

  it('pays with any other Luhn-valid number', async () => {
    const { orderId } = await place();
    expect((await pay(orderId, await intentFor(orderId), { ...GOOD_CARD, number: '5555555555554444' })).status).toBe(200);
  });

  it.each([
    ['4000 0000 0000 0002', {}, p.declined],
    ['4000 0000 0000 9995', {}, p.insufficientFunds],
    ['4000 0000 0000 0069', {}, p.expired],
    ['4242 4242 4242 4241', {}, p.numberInvalid],
    ['4242', {}, p.numberInvalid],
    ['4242 4242 4242 4242', { expYear: 2025 }, p.expiryInPast],
    ['4242 4242 4242 4242', { expYear: 2026, expMonth: 5 }, p.expiryInPast],
    ['4242 4242 4242 4242', { cvc: '12' }, p.cvcIncomplete],
    ['4242 4242 4242 4242', { cvc: '12345' }, p.cvcIncomplete],
    ['4242 4242 4242 4242', { cvc: '12a' }, p.cvcIncomplete],
  ])('refuses %s %o with 402 "%s" and leaves the order unpaid', async (number, overrides, message) => {
    const { orderId } = await place();
    const res = await pay(orderId, await intentFor(orderId), { ...GOOD_CARD, number, ...overrides });
    expect(res.status, res.body).toBe(402);
    expect(res.headers['content-type']).toMatch(/application\/problem\+json/);
    expect(res.json).toMatchObject({ status: 402, code: 'payment_failed', title: 'Payment failed', detail: message });
    expect(res.body).not.toContain(number);
    expect(await getOrder(orderId)).toMatchObject({ status: 'pending_payment', transactionId: null, paidAt: null });
  });

  it('accepts a card expiring this month, and a good card after a declined one', async () => {
    const { orderId } = await place();
    const secret = await intentFor(orderId);
    expect((await pay(orderId, secret, { ...GOOD_CARD, number: '4000000000000002' })).status).toBe(402);
    expect((await pay(orderId, secret, { ...GOOD_CARD, expYear: 2026, expMonth: 6, cvc: '1234' })).status).toBe(200);
  });

  it('never stores the card number', async () => {
    const { orderId } = await place();
    await pay(orderId, await intentFor(orderId));
    // The random ids are hex and may hold "4242" by chance, but never the twelve digits before the last four.
    const stored = JSON.stringify(await intentsOf(orderId));
    expect(stored).not.toContain('424242424242');
    expect(stored).not.toContain(GOOD_CARD.number);
  });

  it.each([
    [{ card: GOOD_CARD }, 'clientSecret', p.clientSecretRequired],
    [{ clientSecret: 'x' }, 'card', p.cardRequired],
    [{ clientSecret: 'x', card: { ...GOOD_CARD, number: '' } }, 'card.number', p.numberRequired],
    [{ clientSecret: 'x', card: { ...GOOD_CARD, number: '4242-4242' } }, 'card.number', p.numberDigitsOnly],
    [{ clientSecret: 'x', card: { ...GOOD_CARD, expMonth: 13 } }, 'card.expMonth', p.expMonthInvalid],
    [{ clientSecret: 'x', card: { ...GOOD_CARD, expMonth: '12' } }, 'card.expMonth', p.expMonthInvalid],
    [{ clientSecret: 'x', card: { ...GOOD_CARD, expYear: 30 } }, 'card.expYear', p.expYearInvalid],
    [{ clientSecret: 'x', card: { ...GOOD_CARD, cvc: '' } }, 'card.cvc', p.cvcRequired],
    [{ clientSecret: 'x', card: GOOD_CARD, amountCents: 1 }, undefined, undefined],
    [{ clientSecret: 'x', card: { ...GOOD_CARD, name: 'A' } }, undefined, undefined],
  ])('answers a malformed body %o with 400 naming the field', async (payload, field, message) => {
    const { orderId } = await place();
    const res = await api.as(customer).post(`/api/orders/${orderId}/payment`, payload);
    expect(res.status, res.body).toBe(400);
    expect(res.json.code).toBe('validation_failed');
    if (field) expect(res.json.errors[field]).toBe(message);
  });

  it("answers a wrong client secret, or another order's, with the same 404", async () => {
    const { orderId } = await place();
    await intentFor(orderId);
    const { orderId: otherOrder } = await place();
    const otherSecret = await intentFor(otherOrder);
    const wrong = await pay(orderId, 'pi_sandbox_guess_secret_guess');
    const foreign = await pay(orderId, otherSecret);
    expect(wrong.status).toBe(404);
    expect(foreign.status).toBe(404);
    expect(wrong.json.detail).toBe(foreign.json.detail);
    const { orderId: noIntent } = await place();
    expect((await pay(noIntent, otherSecret)).status).toBe(404);
    expect((await getOrder(orderId)).status).toBe('pending_payment');
  });

  it('charges once when paid twice: the second answers the same transaction', async () => {
    const { orderId } = await place();
    const secret = await intentFor(orderId);
    const first = await pay(orderId, secret);
    const second = await pay(orderId, secret, { ...GOOD_CARD, number: '4000000000000002' });
    expect(second.status, second.body).toBe(200);
    expect(second.json.transactionId).toBe(first.json.transactionId);
    expect(await intentsOf(orderId)).toMatchObject([{ status: 'succeeded', transaction_id: first.json.transactionId }]);
    expect((await getOrder(orderId)).paidAt).toBe(ctx.clock.now().toISOString());
    // A paid order gets no new intent.
    expect((await api.as(customer).post(`/api/orders/${orderId}/payment-intent`)).status).toBe(409);
  });

  it('leaves one paid order and one transaction when two payments race', async () => {
    const { orderId } = await place();
    const secret = await intentFor(orderId);
    const answers = await Promise.all([pay(orderId, secret), pay(orderId, secret), pay(orderId, secret)]);
    expect(answers.map((res) => res.status)).toEqual([200, 200, 200]);
    const ids = new Set(answers.map((res) => res.json.transactionId));
    expect(ids.size).toBe(1);
    const order = await getOrder(orderId);
    expect(order).toMatchObject({ status: 'paid', transactionId: [...ids][0] });
    expect(await intentsOf(orderId)).toHaveLength(1);
  });

  it('refuses to pay, or open an intent for, a cancelled order (409)', async () => {
    const { orderId } = await place();
    const secret = await intentFor(orderId);
    const cancel = await api.as(customer).delete(`/api/orders/${orderId}`);
    expect(cancel.status).toBe(200);
    const res = await pay(orderId, secret);
    expect(res.status).toBe(409);
    expect(res.json.detail).toBe(p.notPayable);
    expect((await api.as(customer).post(`/api/orders/${orderId}/payment-intent`)).status).toBe(409);
    expect(await intentsOf(orderId)).toMatchObject([{ status: 'requires_payment', transaction_id: null }]);
  });
  it('refuses to pay, or open an intent, once the pay-by time has passed (409), before the sweep and after, charging nothing', async () => {
    const { orderId, partId } = await place();
    const secret = await intentFor(orderId);
    const windowMs = ctx.config.orderPaymentWindowHours * HOUR;
    try {
      // Still unpaid in the database: the sweep has not run yet.
      ctx.clock.set(new Date(Date.parse(TEST_NOW) + windowMs + 1000));
      const late = await pay(orderId, secret);
      expect(late.status, late.body).toBe(409);
      expect(late.json).toMatchObject({ code: 'payment_window_closed', detail: p.windowClosed });
      const intent = await api.as(customer).post(`/api/orders/${orderId}/payment-intent`);
      expect(intent.status).toBe(409);
      expect(intent.json).toMatchObject({ code: 'payment_window_closed', detail: p.windowClosed });
      expect(await intentsOf(orderId)).toMatchObject([{ status: 'requires_payment', transaction_id: null }]);
      expect(await getOrder(orderId)).toMatchObject({ status: 'pending_payment', paidAt: null });

      // The sweep cancels it and returns the stock; the answer stays the same.
      await ctx.app.orderExpiry.sweep();
      const afterSweep = await pay(orderId, secret);
      expect(afterSweep.status).toBe(409);
      expect(afterSweep.json).toMatchObject({ code: 'payment_window_closed', detail: p.windowClosed });
      expect(await intentsOf(orderId)).toMatchObject([{ status: 'requires_payment', transaction_id: null }]);
      const part = await ctx.database.db
        .selectFrom('part_stock')
        .select('stock')
        .where('part_id', '=', partId)
        .executeTakeFirstOrThrow();
      expect(part.stock).toBe(100);
    } finally {
      ctx.clock.set(TEST_NOW);
    }
  });

  it('pays up to the last second of the window', async () => {
    const { orderId } = await place();
    const secret = await intentFor(orderId);
    try {
      ctx.clock.set(new Date(Date.parse(TEST_NOW) + ctx.config.orderPaymentWindowHours * HOUR - 1000));
      const res = await pay(orderId, secret);
      expect(res.status, res.body).toBe(200);
    } finally {
      ctx.clock.set(TEST_NOW);
    }
  });
});
