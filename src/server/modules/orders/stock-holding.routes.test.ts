import { afterEach, beforeAll, expect, it } from 'vitest';
import * as copy from '#shared/copy';
import { MAX_STOCK } from '#shared/schemas/parts';
import { firstLink } from '../mail';
import { ensureDemoAccounts } from '../users';
import { createTestAuth, signedInAdmin, signedInCustomer, signIn, signUp, type TestAccount } from '../../testing/accounts';
import { testApi } from '../../testing/api';
import { bookingBody, TEST_ADDRESS, TEST_PHONE } from '../../testing/booking';
import { insertPart } from '../../testing/factories';
import { GOOD_CARD, stockOf } from '../../testing/orders';
import { describeOnEachEngine, TEST_NOW, type TestContext } from '../../testing/test-app';

/**
 * What keeps one customer from holding the catalogue: a cap on unpaid orders (MAX_UNPAID_ORDERS), a
 * verified address before booking (REQUIRE_VERIFIED_EMAIL), and a stock that stays in the range the
 * part form accepts whichever way it changes.
 */

const HOUR = 3_600_000;
function steps(ctx: TestContext) {
  const api = testApi(ctx);
  return {
    api,
    book: (account: { cookie: string }, partId: string) => api.as(account).post('/api/orders', bookingBody(partId)),
    async unpaidOf(userId: string) {
      const rows = await ctx.database.db
        .selectFrom('orders')
        .select('id')
        .where('user_id', '=', userId)
        .where('status', '=', 'pending_payment')
        .execute();
      return rows.length;
    },
    stockOf: (partId: string) => stockOf(ctx.database.db, partId),
  };
}

describeOnEachEngine(
  'a cap on unpaid orders (MAX_UNPAID_ORDERS = 3)',
  (ctx) => {
    let s: ReturnType<typeof steps>;
    beforeAll(() => {
      s = steps(ctx);
    });

    it('refuses a 4th unpaid order with 409 and the message, taking no stock; paying or cancelling one makes room', async () => {
      const customer = await signedInCustomer(ctx);
      const part = await insertPart(ctx.database.db, { stock: 1000 });
      const ids: string[] = [];
      for (let i = 0; i < 3; i += 1) {
        const res = await s.book(customer, part.id);
        expect(res.status, res.body).toBe(201);
        ids.push(res.json.id);
      }

      const refused = await s.book(customer, part.id);
      expect(refused.status).toBe(409);
      expect(refused.headers['content-type']).toContain('application/problem+json');
      expect(refused.json).toMatchObject({
        code: 'too_many_unpaid_orders',
        detail: 'You have 3 unpaid orders: pay or cancel one before booking more.',
      });
      expect(await s.stockOf(part.id)).toBe(1000 - 36);
      expect(await s.unpaidOf(customer.id)).toBe(3);

      // Another customer is not held back by this one's orders.
      const other = await signedInCustomer(ctx);
      expect((await s.book(other, part.id)).status).toBe(201);

      // Cancelling one makes room for one more.
      expect((await s.api.as(customer).delete(`/api/orders/${ids[0]}`)).status).toBe(200);
      expect((await s.book(customer, part.id)).status).toBe(201);
      expect((await s.book(customer, part.id)).status).toBe(409);

      // A paid order holds nothing unpaid: it does not count.
      const intent = await s.api.as(customer).post(`/api/orders/${ids[1]}/payment-intent`);
      const paid = await s.api.as(customer).post(`/api/orders/${ids[1]}/payment`, {
        clientSecret: intent.json.clientSecret,
        card: GOOD_CARD,
      });
      expect(paid.status, paid.body).toBe(200);
      expect((await s.book(customer, part.id)).status).toBe(201);
      expect(await s.unpaidOf(customer.id)).toBe(3);
    });

    it('answers a retried booking (same Idempotency-Key) with its order even at the cap', async () => {
      const customer = await signedInCustomer(ctx);
      const part = await insertPart(ctx.database.db, { stock: 1000 });
      const retried = { headers: { 'idempotency-key': 'third-booking-0001' } };
      expect((await s.book(customer, part.id)).status).toBe(201);
      expect((await s.book(customer, part.id)).status).toBe(201);
      const third = await s.api.as(customer).post('/api/orders', bookingBody(part.id), retried);
      expect(third.status).toBe(201);
      const again = await s.api.as(customer).post('/api/orders', bookingBody(part.id), retried);
      expect(again.status).toBe(201);
      expect(again.json).toEqual(third.json);
    });

    it('lets exactly one of two simultaneous bookings through when the customer holds 2 unpaid orders', async () => {
      const customer = await signedInCustomer(ctx);
      const part = await insertPart(ctx.database.db, { stock: 1000 });
      expect((await s.book(customer, part.id)).status).toBe(201);
      expect((await s.book(customer, part.id)).status).toBe(201);
      // Each on a part of its own too, so the stock's row lock does not line them up by accident.
      const [a, b] = await Promise.all([
        insertPart(ctx.database.db, { stock: 100 }),
        insertPart(ctx.database.db, { stock: 100 }),
      ]);
      const answers = await Promise.all([s.book(customer, a.id), s.book(customer, b.id)]);
      expect(answers.map((res) => res.status).sort()).toEqual([201, 409]);
      expect(await s.unpaidOf(customer.id)).toBe(3);
      expect((await s.stockOf(a.id)) + (await s.stockOf(b.id))).toBe(200 - 12);
    });

    it('makes exactly 3 orders of 12 simultaneous bookings by one customer', async () => {
      const customer = await signedInCustomer(ctx);
      const parts = await Promise.all(Array.from({ length: 12 }, () => insertPart(ctx.database.db, { stock: 100 })));
      const answers = await Promise.all(parts.map((part) => s.book(customer, part.id)));
      expect(answers.filter((res) => res.status === 201)).toHaveLength(3);
      expect(answers.filter((res) => res.status === 409 && res.json.code === 'too_many_unpaid_orders')).toHaveLength(9);
      expect(await s.unpaidOf(customer.id)).toBe(3);
      const stocks = await Promise.all(parts.map((part) => s.stockOf(part.id)));
      expect(stocks.reduce((sum, stock) => sum + stock, 0)).toBe(12 * 100 - 3 * 12);
    });

    it('counts orders of several lines the same way: exactly 3 of 12 simultaneous ones, the others taking no stock', async () => {
      const customer = await signedInCustomer(ctx);
      const parts = await Promise.all(Array.from({ length: 4 }, () => insertPart(ctx.database.db, { stock: 1000 })));
      // Each order takes two of the four parts, in both orders, so orders share parts and lock them in turn.
      const orders = Array.from({ length: 12 }, (_, i) => {
        const [first, second] = [parts[i % 4]!, parts[(i + 1 + (i % 2)) % 4]!];
        return {
          lines: [
            { partId: first.id, quantity: 12 },
            { partId: second.id, quantity: 24 },
          ],
          phone: TEST_PHONE,
          address: TEST_ADDRESS,
        };
      });
      const answers = await Promise.all(orders.map((body) => s.api.as(customer).post('/api/orders', body)));
      expect(answers.filter((res) => res.status === 201)).toHaveLength(3);
      expect(answers.filter((res) => res.status === 409 && res.json.code === 'too_many_unpaid_orders')).toHaveLength(9);
      expect(await s.unpaidOf(customer.id)).toBe(3);
      const stocks = await Promise.all(parts.map((part) => s.stockOf(part.id)));
      expect(stocks.reduce((sum, stock) => sum + stock, 0)).toBe(4 * 1000 - 3 * 36);

      // At the cap, an order of several lines is refused before any stock is taken.
      const refused = await s.api.as(customer).post('/api/orders', orders[0]);
      expect(refused.status).toBe(409);
      expect(await Promise.all(parts.map((part) => s.stockOf(part.id)))).toEqual(stocks);
    });
  },
  { config: { maxUnpaidOrders: 3 } },
);

describeOnEachEngine(
  'booking needs a verified address (REQUIRE_VERIFIED_EMAIL on)',
  (ctx) => {
    let s: ReturnType<typeof steps>;
    let partId: string;
    beforeAll(async () => {
      s = steps(ctx);
      partId = (await insertPart(ctx.database.db, { stock: 1000 })).id;
    });

    it('mails a link on sign-up, refuses to book until it is followed (403), then books', async () => {
      const account = await signUp(ctx.app);
      const refused = await s.book(account, partId);
      expect(refused.status).toBe(403);
      expect(refused.json).toMatchObject({
        code: 'email_not_verified',
        detail: `Please verify your email address before booking: follow the link we sent to ${account.email}.`,
      });
      expect(await s.stockOf(partId)).toBe(1000);

      const mail = await ctx.mailer.next(account.email);
      expect(mail.subject).toBe(copy.mail.verifySubject);
      const link = new URL(firstLink(mail.text) ?? '');
      expect(`${link.origin}${link.pathname}`).toBe(`${ctx.config.publicUrl}/api/auth/verify-email`);
      // Where the link lands is the shop's page, whatever a sign-up request asked for.
      expect(link.searchParams.get('callbackURL')).toBe(`${ctx.config.publicUrl}/email-verified`);

      const followed = await s.api.anonymous.get(`${link.pathname}${link.search}`);
      expect(followed.status).toBe(302);
      expect(followed.headers.location).toBe(`${ctx.config.publicUrl}/email-verified`);
      const me = await s.api.as(account).get('/api/me');
      expect(me.json.user.emailVerified).toBe(true);
      expect((await s.book(account, partId)).status).toBe(201);
    });

    it('lands a tampered link on the page with the reason, verifying nothing', async () => {
      const account = await signUp(ctx.app);
      const link = new URL(firstLink((await ctx.mailer.next(account.email)).text) ?? '');
      link.searchParams.set('token', `${link.searchParams.get('token')}x`);
      const followed = await s.api.anonymous.get(`${link.pathname}${link.search}`);
      expect(followed.status).toBe(302);
      expect(followed.headers.location).toBe(`${ctx.config.publicUrl}/email-verified?error=INVALID_TOKEN`);
      expect((await s.api.as(account).get('/api/me')).json.user.emailVerified).toBe(false);
      expect((await s.book(account, partId)).status).toBe(403);
    });

    it('sends the link again on request, to the signed-in account only', async () => {
      const account = await signUp(ctx.app);
      await ctx.mailer.next(account.email);
      expect((await s.api.anonymous.post('/api/auth/send-verification-email', { email: account.email })).status).toBe(401);
      const resent = await s.api.as(account).post('/api/auth/send-verification-email', { email: account.email });
      expect(resent.status, resent.body).toBe(200);
      const link = new URL(firstLink((await ctx.mailer.next(account.email)).text) ?? '');
      expect((await s.api.anonymous.get(`${link.pathname}${link.search}`)).status).toBe(302);
      expect((await s.book(account, partId)).status).toBe(201);

      const foreign = await s.api.as(account).post('/api/auth/send-verification-email', { email: 'someone-else@example.com' });
      expect(foreign.status).toBe(400);
      expect(foreign.json.errors).toEqual({ email: copy.auth.verifyOwnAddress });
      const again = await s.api.as(account).post('/api/auth/send-verification-email', { email: account.email });
      expect(again.status).toBe(409);
      expect(again.json.detail).toBe(copy.auth.alreadyVerified);
    });

    it('counts the demo accounts as verified', async () => {
      await ensureDemoAccounts(createTestAuth(ctx.database));
      const cookie = await signIn(ctx.app, 'customer@gearhouse.example', 'customer-demo-1');
      expect((await s.api.as(cookie).get('/api/me')).json.user.emailVerified).toBe(true);
      expect((await s.book({ cookie }, partId)).status).toBe(201);
    });
  },
  { config: { requireVerifiedEmail: true } },
);

describeOnEachEngine('verified addresses not required (REQUIRE_VERIFIED_EMAIL off)', (ctx) => {
  it('books without a verified address and mails no link on sign-up', async () => {
    const account = await signUp(ctx.app);
    const part = await insertPart(ctx.database.db, { stock: 100 });
    expect((await steps(ctx).book(account, part.id)).status).toBe(201);
    await ctx.app.mailOutbox.drain();
    expect(ctx.mailer.messages.filter((m) => m.to === account.email).map((m) => m.subject)).not.toContain(
      copy.mail.verifySubject,
    );
  });
});

describeOnEachEngine('the stock stays within the range the part form accepts', (ctx) => {
  let s: ReturnType<typeof steps>;
  let admin: TestAccount;
  let customer: TestAccount;
  beforeAll(async () => {
    s = steps(ctx);
    admin = await signedInAdmin(ctx);
    customer = await signedInCustomer(ctx);
  });
  afterEach(() => ctx.clock.set(TEST_NOW));

  /** Books 12 of a part at the maximum, then the admin fills it up to the maximum again. */
  async function heldAtTheMaximum() {
    const part = await insertPart(ctx.database.db, { stock: MAX_STOCK });
    const placed = await s.book(customer, part.id);
    expect(placed.status, placed.body).toBe(201);
    const refill = await s.api.as(admin).patch(`/api/parts/${part.id}`, { stock: MAX_STOCK });
    expect(refill.status, refill.body).toBe(200);
    return { partId: part.id, orderId: placed.json.id };
  }

  /** The edit form sends the part back as it is: that must still be accepted. */
  async function expectSavable(partId: string) {
    const part = (await s.api.anonymous.get(`/api/parts/${partId}`)).json;
    const saved = await s.api.as(admin).patch(`/api/parts/${partId}`, {
      name: part.name,
      description: part.description,
      priceCents: part.priceCents,
      stock: part.stock,
      imageUrl: part.imageUrl,
    });
    expect(saved.status, saved.body).toBe(200);
  }

  it('keeps the stock at the maximum when an order of a part kept at the maximum is cancelled', async () => {
    const { partId, orderId } = await heldAtTheMaximum();
    expect((await s.api.as(customer).delete(`/api/orders/${orderId}`)).status).toBe(200);
    expect(await s.stockOf(partId)).toBe(MAX_STOCK);
    await expectSavable(partId);
  });

  it('keeps the stock at the maximum when such an order expires', async () => {
    const { partId, orderId } = await heldAtTheMaximum();
    ctx.clock.advance(ctx.config.orderPaymentWindowHours * HOUR + 1000);
    await ctx.app.orderExpiry.sweep();
    const order = await ctx.database.db.selectFrom('orders').select('status').where('id', '=', orderId).executeTakeFirstOrThrow();
    expect(order.status).toBe('cancelled');
    expect(await s.stockOf(partId)).toBe(MAX_STOCK);
    await expectSavable(partId);
  });

  it('still returns the whole quantity below the maximum', async () => {
    const part = await insertPart(ctx.database.db, { stock: MAX_STOCK - 5 });
    const placed = await s.book(customer, part.id);
    expect((await s.api.as(customer).delete(`/api/orders/${placed.json.id}`)).status).toBe(200);
    expect(await s.stockOf(part.id)).toBe(MAX_STOCK - 5);
  });
});
