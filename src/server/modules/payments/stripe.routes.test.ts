import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it, type Mock, vi } from 'vitest';
import * as copy from '#shared/copy';
import { buildApp } from '../../app';
import { type Clock, fixedClock } from '../../clock';
import type { Config } from '../../config';
import { signedInAdmin, signedInCustomer, type TestAccount } from '../../testing/accounts';
import { testApi } from '../../testing/api';
import { insertPart } from '../../testing/factories';
import { capturingMailer } from '../../testing/mail';
import { ORDERS_CANNOT_BE_PAID, whileWritesFail } from '../../testing/failing-writes';
import { insertAccountCompany, insertAccountInvoice } from '../../testing/invoices';
import { GOOD_CARD, placedOrder } from '../../testing/orders';
import { StripeStandIn } from '../../testing/stripe-stand-in';
import { RELAXED_ABUSE_LIMITS, TEST_NOW, testConfig } from '../../testing/test-app';
import { availableEngines, createTestDatabase, type TestDatabase } from '../../testing/test-database';
import { releaseStocks } from '../parts';
import { LocalDiskStorage } from '../uploads';
import type { PaymentProvider } from './payment-provider';
import { SandboxProvider } from './sandbox-provider';
import { StripeProvider } from './stripe-provider';

const p = copy.payment;
const STRIPE = { secretKey: 'sk_test_gearhouse', publishableKey: 'pk_test_gearhouse', webhookSecret: 'whsec_gearhouse_test' };

interface PaymentsContext {
  app: FastifyInstance;
  database: TestDatabase;
  clock: ReturnType<typeof fixedClock>;
  stripe: StripeStandIn;
  onOrderPaid: Mock<(orderId: string) => void>;
  /** Runs inside the provider's confirm, after the provider answered: the race tests cancel the order there. */
  duringConfirm: { run?: ((orderId: string) => Promise<void>) | undefined };
  /** What the shop asked the provider, in order: `lookup` and `refund`, each with its order's id. */
  providerCalls: string[];
}

/** Wraps a provider so a test can act between the provider's answer and the order's update. */
function racingProvider(inner: PaymentProvider, ctx: Pick<PaymentsContext, 'duringConfirm' | 'providerCalls'>): PaymentProvider {
  const during = ctx.duringConfirm;
  return {
    name: inner.name,
    publishableKey: inner.publishableKey,
    createIntent: (input) => inner.createIntent(input),
    refund: (input) => {
      ctx.providerCalls.push(`refund ${input.orderId}`);
      return inner.refund(input);
    },
    refundAmount: (input) => {
      ctx.providerCalls.push(`refund ${input.orderId} ${input.amountCents}`);
      return inner.refundAmount(input);
    },
    lookup: (orderId) => {
      ctx.providerCalls.push(`lookup ${orderId}`);
      return inner.lookup(orderId);
    },
    confirm: async (input) => {
      const answer = await inner.confirm(input);
      await during.run?.(input.orderId);
      return answer;
    },
  };
}

/**
 * Like describeOnEachEngine, with the payment provider chosen here: the Stripe provider's real client
 * pointed at a local stand-in (and Stripe configured, so the webhook is on), or the sandbox.
 */
function describePayments(title: string, provider: 'stripe' | 'sandbox', body: (ctx: PaymentsContext) => void): void {
  for (const engine of availableEngines()) {
    describe(`${title} [${engine}]`, () => {
      const ctx = { duringConfirm: {}, providerCalls: [] as string[] } as PaymentsContext;
      beforeAll(async () => {
        ctx.database = await createTestDatabase(engine);
        ctx.clock = fixedClock(TEST_NOW);
        ctx.stripe = await new StripeStandIn().start();
        ctx.onOrderPaid = vi.fn<(orderId: string) => void>();
        const overrides: Partial<Config> = provider === 'stripe' ? { stripe: STRIPE } : {};
        const config = testConfig(ctx.database.dir, overrides);
        const { db } = ctx.database;
        const clock = ctx.clock as Clock;
        const inner =
          provider === 'stripe'
            ? new StripeProvider(db, clock, { ...STRIPE, api: ctx.stripe.api })
            : new SandboxProvider(db, clock);
        ctx.app = await buildApp(config, {
          database: ctx.database,
          clock,
          storage: new LocalDiskStorage(path.join(ctx.database.dir, 'uploads')),
          logger: false,
          responseCacheTtlMs: 0,
          mailer: capturingMailer(),
          abuseLimits: RELAXED_ABUSE_LIMITS,
          paymentProvider: racingProvider(inner, ctx),
          onOrderPaid: ctx.onOrderPaid,
        });
        await ctx.app.ready();
      });
      afterAll(async () => {
        await ctx.app?.close();
        await ctx.stripe?.stop();
        await ctx.database?.drop();
      });
      body(ctx);
    });
  }
}

/** What every test here does: a customer books 12 of a part with 100 in stock, and pays. */
function shop(ctx: PaymentsContext) {
  const accounts: { customer?: TestAccount; other?: TestAccount } = {};
  beforeAll(async () => {
    accounts.customer = await signedInCustomer(ctx);
    accounts.other = await signedInCustomer(ctx);
  });
  const customer = () => accounts.customer!;
  const api = testApi(ctx);
  const place = async (priceCents = 2550) => {
    const part = await insertPart(ctx.database.db, { price_cents: priceCents, stock: 100 });
    const { id } = await placedOrder(ctx, customer(), part.id);
    return { orderId: id, partId: part.id, totalCents: priceCents * 12 };
  };
  const openIntent = async (orderId: string) => {
    const res = await api.as(customer()).post(`/api/orders/${orderId}/payment-intent`);
    expect(res.status, res.body).toBe(200);
    return res.json as { provider: string; clientSecret: string; amountCents: number; publishableKey?: string };
  };
  const order = async (orderId: string) =>
    ctx.database.db.selectFrom('orders').selectAll().where('id', '=', orderId).executeTakeFirstOrThrow();
  const stockOf = async (partId: string) =>
    (await ctx.database.db.selectFrom('part_stock').select('stock').where('part_id', '=', partId).executeTakeFirstOrThrow())
      .stock;
  const intentRow = (orderId: string) =>
    ctx.database.db.selectFrom('payment_intents').selectAll().where('order_id', '=', orderId).executeTakeFirstOrThrow();
  /** The shop's part of a cancellation (the expiry sweep's, here): cancelled, stock back, in one transaction. */
  const expire = async (orderId: string) => {
    const row = await order(orderId);
    await ctx.database.db.transaction().execute(async (trx) => {
      const cancelled = await trx
        .updateTable('orders')
        .set({ status: 'cancelled', cancel_reason: 'expired', updated_at: TEST_NOW })
        .where('id', '=', orderId)
        .where('status', '=', 'pending_payment')
        .executeTakeFirst();
      const lines = await trx
        .selectFrom('order_lines')
        .select(['part_id as partId', 'quantity'])
        .where('order_id', '=', row.id)
        .execute();
      if (Number(cancelled.numUpdatedRows) > 0) await releaseStocks(trx, lines);
    });
  };
  const cancelAsCustomer = async (orderId: string) => {
    const res = await api.as(customer()).delete(`/api/orders/${orderId}`);
    expect(res.status, res.body).toBe(200);
  };
  return { api, customer, other: () => accounts.other!, place, openIntent, order, stockOf, intentRow, expire, cancelAsCustomer };
}

describePayments('Stripe payments', 'stripe', (ctx) => {
  const s = shop(ctx);
  const confirm = (orderId: string, paymentIntentId: string, account = s.customer()) =>
    s.api.as(account).post(`/api/orders/${orderId}/payment/confirm`, { paymentIntentId });
  const eventFor = (
    intent: object,
    { id = `evt_${Math.random().toString(36).slice(2)}`, type = 'payment_intent.succeeded' } = {},
  ) => JSON.stringify({ id, object: 'event', type, livemode: false, created: 1, data: { object: intent } });
  const nowSeconds = () => Math.floor(ctx.clock.now().getTime() / 1000);
  // Stripe's servers send no Origin.
  const stripeServer = testApi(ctx, { origin: null }).anonymous;
  const deliver = (payload: string, signature?: string) =>
    stripeServer.post('/api/payments/stripe/webhook', payload, {
      headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': signature },
    });
  const signed = (payload: string, { secret = STRIPE.webhookSecret, timestamp = nowSeconds() } = {}) =>
    Stripe.webhooks.generateTestHeaderString({ payload, secret, timestamp });
  const paidCallsFor = (orderId: string) => ctx.onOrderPaid.mock.calls.filter(([id]) => id === orderId).length;
  /** Settles the callbacks that were started, not awaited. */
  const settled = () => new Promise((resolve) => setImmediate(resolve));

  it("creates one Stripe intent per order for the order's total in USD, with the order id and an idempotency key", async () => {
    const { orderId } = await s.place(2550);
    const first = await s.openIntent(orderId);
    const again = await s.openIntent(orderId);
    expect(first).toEqual({
      provider: 'stripe',
      clientSecret: expect.stringMatching(/^pi_\w+_secret_/),
      amountCents: 30600,
      publishableKey: STRIPE.publishableKey,
    });
    expect(again).toEqual(first);
    const creates = ctx.stripe.creates().filter((r) => r.idempotencyKey === `order:${orderId}`);
    expect(creates).toHaveLength(1);
    expect(creates[0]!.authorization).toBe(`Bearer ${STRIPE.secretKey}`);
    const intent = [...ctx.stripe.intents.values()].find((i) => i.metadata.orderId === orderId)!;
    expect(intent).toMatchObject({ amount: 30600, currency: 'usd', automatic_payment_methods: { enabled: true } });
    expect(first.clientSecret).toBe(intent.client_secret);
    expect(await s.intentRow(orderId)).toMatchObject({ id: intent.id, provider: 'stripe', status: 'requires_payment' });
  });

  it("asks Stripe for the order's total with delivery and tax, in the shop's currency when it was placed", async () => {
    const admin = await signedInAdmin(ctx);
    const shop = (changes: object) =>
      s.api.as(admin).patch('/api/settings', { flashDealEndsAt: '2026-01-01T00:00:00.000Z', ...changes });
    expect((await shop({ currency: 'EUR', taxRates: [{ country: 'US', name: 'Sales tax', ratePercent: 8.875 }] })).status).toBe(
      200,
    );
    try {
      // 12 × 7.00 = 84.00 + 9.90 delivery = 93.90; 8.875% of it is 8.333… → 8.33.
      const { orderId } = await s.place(700);
      await shop({ currency: 'USD', taxRates: [] });
      expect(await s.openIntent(orderId)).toMatchObject({ amountCents: 10223 });
      const intent = [...ctx.stripe.intents.values()].find((i) => i.metadata.orderId === orderId)!;
      expect(intent).toMatchObject({ amount: 10223, currency: 'eur' });
    } finally {
      await shop({ currency: 'USD', taxRates: [] });
    }
  });

  it('lets Stripe.js load on the pages: its script, frames and API are allowed by the content security policy', async () => {
    const csp = String((await s.api.anonymous.get('/api/health')).headers['content-security-policy']);
    expect(csp).toMatch(/script-src 'self' https:\/\/js\.stripe\.com/);
    expect(csp).toMatch(/frame-src 'self' https:\/\/js\.stripe\.com/);
    expect(csp).toMatch(/connect-src 'self' https:\/\/api\.stripe\.com/);
  });

  it('marks the order paid once Stripe says the intent succeeded, with the intent as transaction', async () => {
    const { orderId } = await s.place();
    const { clientSecret } = await s.openIntent(orderId);
    const intentId = clientSecret.split('_secret_')[0]!;
    ctx.stripe.succeed(intentId);
    const res = await confirm(orderId, intentId);
    expect(res.status, res.body).toBe(200);
    expect(res.json).toEqual({ status: 'succeeded', transactionId: intentId });
    expect(await s.order(orderId)).toMatchObject({ status: 'paid', transaction_id: intentId, paid_at: TEST_NOW });
    expect(await s.intentRow(orderId)).toMatchObject({ status: 'succeeded', transaction_id: intentId });
    // Asking again answers the same, and tells no one twice.
    expect((await confirm(orderId, intentId)).json).toEqual({ status: 'succeeded', transactionId: intentId });
    await settled();
    expect(paidCallsFor(orderId)).toBe(1);
  });

  it("answers 402 with Stripe's reason (or a plain one) while the intent has not succeeded, and leaves the order unpaid", async () => {
    const { orderId } = await s.place();
    const { clientSecret } = await s.openIntent(orderId);
    const intentId = clientSecret.split('_secret_')[0]!;
    const plain = await confirm(orderId, intentId);
    expect(plain.status, plain.body).toBe(402);
    expect(plain.json).toMatchObject({ code: 'payment_failed', detail: p.notCompleted });
    ctx.stripe.decline(intentId, 'Your card was declined.');
    const declined = await confirm(orderId, intentId);
    expect(declined.status).toBe(402);
    expect(declined.json.detail).toBe('Your card was declined.');
    expect(await s.order(orderId)).toMatchObject({ status: 'pending_payment', transaction_id: null });
    await settled();
    expect(paidCallsFor(orderId)).toBe(0);
  });

  it("answers 404 for another customer's order, another order's intent, or an intent Stripe does not know", async () => {
    const { orderId } = await s.place();
    const intentId = (await s.openIntent(orderId)).clientSecret.split('_secret_')[0]!;
    ctx.stripe.succeed(intentId);
    const { orderId: otherOrder } = await s.place();
    await s.openIntent(otherOrder);
    expect((await confirm(orderId, intentId, s.other())).status).toBe(404);
    expect((await confirm(otherOrder, intentId)).status).toBe(404);
    expect((await confirm(orderId, 'pi_unknown123')).status).toBe(404);
    expect((await s.api.anonymous.post(`/api/orders/${orderId}/payment/confirm`, { paymentIntentId: intentId })).status).toBe(
      401,
    );
    expect((await confirm(orderId, 'not-an-intent')).status).toBe(400);
    expect(await s.order(orderId)).toMatchObject({ status: 'pending_payment' });
    expect(await s.order(otherOrder)).toMatchObject({ status: 'pending_payment' });
  });

  it('marks the order paid on a signed payment_intent.succeeded, once however often it is delivered', async () => {
    const { orderId } = await s.place();
    const intentId = (await s.openIntent(orderId)).clientSecret.split('_secret_')[0]!;
    const payload = eventFor(ctx.stripe.succeed(intentId), { id: `evt_once_${orderId}` });
    const first = await deliver(payload, signed(payload));
    expect(first.status, first.body).toBe(200);
    expect(first.json).toEqual({ received: true });
    expect(await s.order(orderId)).toMatchObject({ status: 'paid', transaction_id: intentId });
    const again = await deliver(payload, signed(payload));
    expect(again.status).toBe(200);
    await settled();
    expect(paidCallsFor(orderId)).toBe(1);
    const events = await ctx.database.db
      .selectFrom('stripe_events')
      .selectAll()
      .where('id', '=', `evt_once_${orderId}`)
      .execute();
    expect(events).toEqual([{ id: `evt_once_${orderId}`, type: 'payment_intent.succeeded', received_at: TEST_NOW }]);
  });

  it('pays on the redelivery of an event whose handling failed while the database could write nothing', async () => {
    const { orderId } = await s.place();
    const intentId = (await s.openIntent(orderId)).clientSecret.split('_secret_')[0]!;
    const payload = eventFor(ctx.stripe.succeed(intentId), { id: `evt_outage_${orderId}` });
    const refused = [ORDERS_CANNOT_BE_PAID, { table: 'stripe_events', on: 'delete' as const }];
    const first = await whileWritesFail(ctx.database, refused, () => deliver(payload, signed(payload)));
    expect(first.status).toBeGreaterThanOrEqual(500);
    expect(await s.order(orderId)).toMatchObject({ status: 'pending_payment' });
    const again = await deliver(payload, signed(payload));
    expect(again.status, again.body).toBe(200);
    expect(await s.order(orderId)).toMatchObject({ status: 'paid', transaction_id: intentId });
  });

  it('marks paid, at the expiry sweep, an order whose charge Stripe took though neither the browser nor the webhook told', async () => {
    const { orderId, partId } = await s.place();
    const intentId = (await s.openIntent(orderId)).clientSecret.split('_secret_')[0]!;
    ctx.stripe.succeed(intentId);
    ctx.clock.advance(49 * 3_600_000);
    try {
      await ctx.app.orderExpiry.sweep();
    } finally {
      ctx.clock.set(TEST_NOW);
    }
    expect(await s.order(orderId)).toMatchObject({ status: 'paid', transaction_id: intentId });
    expect(await s.stockOf(partId)).toBe(88);
  });

  it.each([
    ['an invalid signature', (payload: string) => signed(payload, { secret: 'whsec_someone_else' })],
    ['no signature', () => undefined],
    ['a signature of another body', () => signed('{"id":"evt_other"}')],
    ['a stale timestamp', (payload: string) => signed(payload, { timestamp: nowSeconds() - 600 })],
  ])('refuses a webhook with %s (400) and changes nothing', async (_name, sign) => {
    const { orderId } = await s.place();
    const intentId = (await s.openIntent(orderId)).clientSecret.split('_secret_')[0]!;
    const payload = eventFor(ctx.stripe.succeed(intentId), { id: `evt_forged_${orderId}` });
    const res = await deliver(payload, sign(payload));
    expect(res.status, res.body).toBe(400);
    expect(res.headers['content-type']).toMatch(/application\/problem\+json/);
    expect(res.json.code).toBe('bad_request');
    expect(await s.order(orderId)).toMatchObject({ status: 'pending_payment', transaction_id: null });
    expect(
      await ctx.database.db.selectFrom('stripe_events').selectAll().where('id', '=', `evt_forged_${orderId}`).execute(),
    ).toEqual([]);
  });

  it('does not mark the order paid when the amount received is not its total', async () => {
    const { orderId, totalCents } = await s.place();
    const intentId = (await s.openIntent(orderId)).clientSecret.split('_secret_')[0]!;
    const payload = eventFor(ctx.stripe.succeed(intentId, totalCents - 1));
    expect((await deliver(payload, signed(payload))).status).toBe(200);
    expect(await s.order(orderId)).toMatchObject({ status: 'pending_payment', transaction_id: null });
    await settled();
    expect(paidCallsFor(orderId)).toBe(0);
  });

  it("ignores other events, and intents that are not the shop's", async () => {
    const { orderId } = await s.place();
    const intentId = (await s.openIntent(orderId)).clientSecret.split('_secret_')[0]!;
    const intent = ctx.stripe.succeed(intentId);
    const created = eventFor(intent, { type: 'payment_intent.created' });
    const foreign = eventFor({ ...intent, id: 'pi_not_ours' });
    expect((await deliver(created, signed(created))).status).toBe(200);
    expect((await deliver(foreign, signed(foreign))).status).toBe(200);
    expect(await s.order(orderId)).toMatchObject({ status: 'pending_payment' });
  });

  it('leaves one paid order and one onOrderPaid call when the webhook and the browser confirm at once', async () => {
    const { orderId } = await s.place();
    const intentId = (await s.openIntent(orderId)).clientSecret.split('_secret_')[0]!;
    const payload = eventFor(ctx.stripe.succeed(intentId));
    const [hook, browser, browserAgain] = await Promise.all([
      deliver(payload, signed(payload)),
      confirm(orderId, intentId),
      confirm(orderId, intentId),
    ]);
    expect([hook.status, browser.status, browserAgain.status]).toEqual([200, 200, 200]);
    expect(browser.json.transactionId).toBe(intentId);
    expect(await s.order(orderId)).toMatchObject({ status: 'paid', transaction_id: intentId });
    await settled();
    expect(paidCallsFor(orderId)).toBe(1);
  });

  it("records a company admin's card payment of an invoice on account once, whether the webhook or the browser tells", async () => {
    const { db } = ctx.database;
    const companyAdmin = await signedInCustomer(ctx);
    const company = await insertAccountCompany(db, { adminIds: [companyAdmin.id] });
    const invoice = await insertAccountInvoice(db, { companyId: company.id, userId: companyAdmin.id, paid_cents: 20_000 });
    const number = invoice.invoice_number!;
    const started = await s.api.as(companyAdmin).post(`/api/invoices/${number}/pay-by-card`);
    expect(started.status, started.body).toBe(200);
    expect(started.json).toMatchObject({ provider: 'stripe', amountCents: 100_000, publishableKey: STRIPE.publishableKey });
    const intentId = (started.json.clientSecret as string).split('_secret_')[0]!;
    const payload = eventFor(ctx.stripe.succeed(intentId));
    const paymentsOf = () => db.selectFrom('invoice_payments').selectAll().where('order_id', '=', invoice.id).execute();
    // The webhook alone records it (the company admin closed the tab)...
    expect((await deliver(payload, signed(payload))).status).toBe(200);
    expect(await paymentsOf()).toHaveLength(1);
    // ...and the browser's confirmations, and the event again, at once, add nothing.
    const confirmCard = () =>
      s.api.as(companyAdmin).post(`/api/invoices/${number}/card-payment/confirm`, { paymentIntentId: intentId });
    const [hook, browser] = await Promise.all([deliver(payload, signed(payload)), confirmCard(), confirmCard()]);
    expect([hook.status, browser.status], browser.body).toEqual([200, 200]);
    expect(browser.json.transactionId).toBe(intentId);
    const payments = await paymentsOf();
    expect(payments).toHaveLength(1);
    expect(payments[0]).toMatchObject({ method: 'card', reference: intentId, idempotency_key: `card:${intentId}` });
    expect(Number((await s.order(invoice.id)).paid_cents)).toBe(120_000);
    // The order stays confirmed: an order on account is paid against its invoice, never marked paid.
    expect((await s.order(invoice.id)).status).toBe('confirmed');
  });

  it('records a Stripe charge of an invoice intent the shop replaced after a transfer, rather than lose it', async () => {
    const { db } = ctx.database;
    const companyAdmin = await signedInCustomer(ctx);
    const admin = await signedInAdmin(ctx);
    const company = await insertAccountCompany(db, { adminIds: [companyAdmin.id] });
    const invoice = await insertAccountInvoice(db, { companyId: company.id, userId: companyAdmin.id });
    const number = invoice.invoice_number!;
    const first = await s.api.as(companyAdmin).post(`/api/invoices/${number}/pay-by-card`);
    const staleIntent = (first.json.clientSecret as string).split('_secret_')[0]!;
    const transfer = { amountCents: 20_000, paidAt: '2026-06-14', reference: 'BANK-1' };
    expect((await s.api.as(admin).post(`/api/invoices/${number}/payments`, transfer)).status).toBe(201);
    const second = await s.api.as(companyAdmin).post(`/api/invoices/${number}/pay-by-card`);
    expect(second.json.amountCents).toBe(100_000);
    expect(second.json.clientSecret).not.toBe(first.json.clientSecret);
    // The page still open on the first intent charges $1,200.00 through Stripe.js.
    const payload = eventFor(ctx.stripe.succeed(staleIntent));
    expect((await deliver(payload, signed(payload))).status).toBe(200);
    const card = await db
      .selectFrom('invoice_payments')
      .selectAll()
      .where('idempotency_key', '=', `card:${staleIntent}`)
      .execute();
    expect(card).toHaveLength(1);
    expect(Number(card[0]!.amount_cents)).toBe(120_000);
    expect(Number((await s.order(invoice.id)).paid_cents)).toBe(140_000);
  });

  it('refunds a charge for an order the customer cancelled first (409), once, whether the browser or the webhook tells', async () => {
    const { orderId, partId, totalCents } = await s.place();
    const intentId = (await s.openIntent(orderId)).clientSecret.split('_secret_')[0]!;
    await s.cancelAsCustomer(orderId);
    const payload = eventFor(ctx.stripe.succeed(intentId));
    const res = await confirm(orderId, intentId);
    expect(res.status, res.body).toBe(409);
    expect(res.json.detail).toBe(p.cancelledRefunded);
    expect((await deliver(payload, signed(payload))).status).toBe(200);
    expect((await confirm(orderId, intentId)).status).toBe(409);
    expect(ctx.stripe.refunds.filter((r) => r.payment_intent === intentId)).toEqual([
      expect.objectContaining({ amount: totalCents }),
    ]);
    expect(await s.order(orderId)).toMatchObject({ status: 'cancelled', cancel_reason: 'customer', transaction_id: null });
    expect(await s.intentRow(orderId)).toMatchObject({ status: 'refunded' });
    expect(await s.stockOf(partId)).toBe(100);
    await settled();
    expect(paidCallsFor(orderId)).toBe(0);
  });

  it("refunds when the order expires between Stripe's answer and marking it paid", async () => {
    const { orderId, partId, totalCents } = await s.place();
    const intentId = (await s.openIntent(orderId)).clientSecret.split('_secret_')[0]!;
    ctx.stripe.succeed(intentId);
    ctx.duringConfirm.run = s.expire;
    const res = await confirm(orderId, intentId).finally(() => {
      ctx.duringConfirm.run = undefined;
    });
    expect(res.status, res.body).toBe(409);
    expect(res.json.detail).toBe(p.cancelledRefunded);
    expect(await s.order(orderId)).toMatchObject({ status: 'cancelled', cancel_reason: 'expired', paid_at: null });
    expect(await s.stockOf(partId)).toBe(100);
    expect(ctx.stripe.refunds.filter((r) => r.payment_intent === intentId)).toEqual([
      expect.objectContaining({ amount: totalCents }),
    ]);
    expect(await s.intentRow(orderId)).toMatchObject({ status: 'refunded' });
  });

  /** Runs `body` with the clock just past the order's pay-by time (booked at TEST_NOW), then puts it back. */
  const pastPayBy = async (body: () => Promise<void>) => {
    // ORDER_PAYMENT_WINDOW_HOURS is left at its default, 48, by the test config.
    ctx.clock.set(new Date(Date.parse(TEST_NOW) + 48 * 3_600_000 + 1000));
    try {
      await body();
    } finally {
      ctx.clock.set(TEST_NOW);
    }
  };

  it('hands out no client secret, and confirms no unpaid intent, past the pay-by time (409), before the sweep and after', async () => {
    const { orderId } = await s.place();
    const intentId = (await s.openIntent(orderId)).clientSecret.split('_secret_')[0]!;
    await pastPayBy(async () => {
      for (const swept of [false, true]) {
        if (swept) await ctx.app.orderExpiry.sweep();
        const intent = await s.api.as(s.customer()).post(`/api/orders/${orderId}/payment-intent`);
        expect(intent.status, intent.body).toBe(409);
        expect(intent.json).toMatchObject({ code: 'payment_window_closed', detail: p.windowClosed });
        const confirmed = await confirm(orderId, intentId);
        expect(confirmed.status, confirmed.body).toBe(409);
        expect(confirmed.json).toMatchObject({ code: 'payment_window_closed', detail: p.windowClosed });
      }
    });
    expect(await s.order(orderId)).toMatchObject({ status: 'cancelled', cancel_reason: 'expired', transaction_id: null });
  });

  // Stripe.js charges the card with Stripe directly; the shop only hears of it. Money taken after the
  // pay-by time is kept while the order still holds its stock, and refunded once the sweep returned it.
  it('keeps a charge Stripe reports after the pay-by time while the order still holds its stock', async () => {
    const { orderId, partId } = await s.place();
    const intentId = (await s.openIntent(orderId)).clientSecret.split('_secret_')[0]!;
    await pastPayBy(async () => {
      const payload = eventFor(ctx.stripe.succeed(intentId));
      expect((await deliver(payload, signed(payload))).status).toBe(200);
      expect((await confirm(orderId, intentId)).json).toEqual({ status: 'succeeded', transactionId: intentId });
      await ctx.app.orderExpiry.sweep();
    });
    expect(await s.order(orderId)).toMatchObject({ status: 'paid', transaction_id: intentId });
    expect(await s.stockOf(partId)).toBe(88);
    expect(ctx.stripe.refunds.filter((r) => r.payment_intent === intentId)).toEqual([]);
  });

  /** The provider calls about this order once the shop has stopped making them (none for 300 ms). */
  const settledCallsOf = async (orderId: string) => {
    const calls = () => ctx.providerCalls.filter((call) => call.endsWith(orderId));
    let seen = -1;
    while (seen !== calls().length) {
      seen = calls().length;
      await new Promise((resolve) => setTimeout(resolve, 300));
    }
    return calls().map((call) => call.split(' ')[0]);
  };

  it('asks Stripe once about an order the sweep expires, and gives back a charge it cannot apply once', async () => {
    const unpaid = await s.place();
    await s.openIntent(unpaid.orderId);
    // Charged, but its part was withdrawn meanwhile: the charge cannot be applied, and goes back.
    const withdrawn = await s.place();
    const intentId = (await s.openIntent(withdrawn.orderId)).clientSecret.split('_secret_')[0]!;
    ctx.stripe.succeed(intentId);
    await ctx.database.db.updateTable('parts').set({ archived_at: TEST_NOW }).where('id', '=', withdrawn.partId).execute();
    await pastPayBy(async () => {
      expect(await ctx.app.orderExpiry.sweep()).toBeGreaterThanOrEqual(2);
    });
    expect(await s.order(unpaid.orderId)).toMatchObject({ status: 'cancelled', cancel_reason: 'expired' });
    expect(await s.order(withdrawn.orderId)).toMatchObject({ status: 'cancelled', cancel_reason: 'expired' });
    expect(await settledCallsOf(unpaid.orderId)).toEqual(['lookup']);
    expect(await settledCallsOf(withdrawn.orderId)).toEqual(['lookup', 'refund']);
    const refunds = ctx.stripe.requests.filter((request) => request.idempotencyKey?.startsWith(`refund:${withdrawn.orderId}:`));
    expect(refunds.map((request) => request.path)).toEqual(['/v1/refunds']);
  });

  it('refunds a charge Stripe reports after the sweep cancelled the order and returned its stock', async () => {
    const { orderId, partId, totalCents } = await s.place();
    const intentId = (await s.openIntent(orderId)).clientSecret.split('_secret_')[0]!;
    await pastPayBy(async () => {
      await ctx.app.orderExpiry.sweep();
      const payload = eventFor(ctx.stripe.succeed(intentId));
      expect((await deliver(payload, signed(payload))).status).toBe(200);
      const res = await confirm(orderId, intentId);
      expect(res.status).toBe(409);
      expect(res.json.detail).toBe(p.cancelledRefunded);
    });
    expect(await s.order(orderId)).toMatchObject({ status: 'cancelled', cancel_reason: 'expired', transaction_id: null });
    expect(await s.stockOf(partId)).toBe(100);
    expect(ctx.stripe.refunds.filter((r) => r.payment_intent === intentId)).toEqual([
      expect.objectContaining({ amount: totalCents }),
    ]);
  });
});

describePayments('sandbox payments racing a cancellation', 'sandbox', (ctx) => {
  const s = shop(ctx);

  it('has no Stripe webhook, no publishable key and no Stripe hosts in its content security policy', async () => {
    const res = await testApi(ctx, { origin: null }).anonymous.post('/api/payments/stripe/webhook', {});
    expect(res.status).toBe(404);
    expect(String(res.headers['content-security-policy'])).not.toContain('stripe');
    const { orderId } = await s.place();
    expect(await s.openIntent(orderId)).not.toHaveProperty('publishableKey');
  });

  it('refunds the charge when the customer cancels between the card check and marking it paid (409)', async () => {
    const { orderId, partId } = await s.place();
    const { clientSecret } = await s.openIntent(orderId);
    ctx.duringConfirm.run = s.cancelAsCustomer;
    const res = await s.api
      .as(s.customer())
      .post(`/api/orders/${orderId}/payment`, { clientSecret, card: GOOD_CARD })
      .finally(() => {
        ctx.duringConfirm.run = undefined;
      });
    expect(res.status, res.body).toBe(409);
    expect(res.json.detail).toBe(p.cancelledRefunded);
    expect(await s.order(orderId)).toMatchObject({ status: 'cancelled', cancel_reason: 'customer', paid_at: null });
    expect(await s.stockOf(partId)).toBe(100);
    expect(await s.intentRow(orderId)).toMatchObject({
      status: 'refunded',
      transaction_id: expect.stringMatching(/^txn_sandbox_/),
    });
    // Paying again charges nothing more.
    const again = await s.api.as(s.customer()).post(`/api/orders/${orderId}/payment`, { clientSecret, card: GOOD_CARD });
    expect(again.status).toBe(409);
    expect(await s.intentRow(orderId)).toMatchObject({ status: 'refunded' });
    expect(ctx.onOrderPaid).not.toHaveBeenCalled();
  });

  it('tells onOrderPaid once when the sandbox payment succeeds, even when paid twice at once', async () => {
    const { orderId } = await s.place();
    const { clientSecret } = await s.openIntent(orderId);
    const pay = () => s.api.as(s.customer()).post(`/api/orders/${orderId}/payment`, { clientSecret, card: GOOD_CARD });
    const answers = await Promise.all([pay(), pay()]);
    expect(answers.map((r) => r.status)).toEqual([200, 200]);
    await new Promise((resolve) => setImmediate(resolve));
    expect(ctx.onOrderPaid.mock.calls).toEqual([[orderId]]);
  });
});
