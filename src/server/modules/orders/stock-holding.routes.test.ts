import { afterEach, beforeAll, expect, it } from 'vitest';
import { copy } from '#shared/copy';
import { MAX_STOCK } from '#shared/schemas/parts';
import { firstLink } from '../mail';
import { ensureDemoAccounts } from '../users';
import { createTestAuth, signIn, signInAs, signUp, type TestAccount } from '../../testing/accounts';
import { insertPart } from '../../testing/factories';
import { describeOnEachEngine, TEST_NOW, type TestContext } from '../../testing/test-app';

/**
 * What keeps one customer from holding the catalogue: a cap on unpaid orders (MAX_UNPAID_ORDERS), a
 * verified address before booking (REQUIRE_VERIFIED_EMAIL), and a stock that stays in the range the
 * part form accepts whichever way it changes.
 */

const HOUR = 3_600_000;
const booking = { quantity: 12, phone: '+1 555-010-2030', address: '12 Piston Road, Gearville' };

function steps(ctx: TestContext) {
  const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, cookie?: string, payload?: object) =>
    ctx.app.inject({ method, url, headers: cookie ? { cookie } : {}, ...(payload ? { payload } : {}) });
  return {
    call,
    book: (account: { cookie: string }, partId: string) => call('POST', '/api/orders', account.cookie, { partId, ...booking }),
    async unpaidOf(userId: string) {
      const rows = await ctx.database.db
        .selectFrom('orders')
        .select('id')
        .where('user_id', '=', userId)
        .where('status', '=', 'pending_payment')
        .execute();
      return rows.length;
    },
    async stockOf(partId: string) {
      return (await ctx.database.db.selectFrom('parts').select('stock').where('id', '=', partId).executeTakeFirstOrThrow()).stock;
    },
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
      const customer = await signInAs(ctx.app, ctx.database.db, 'customer');
      const part = await insertPart(ctx.database.db, { stock: 1000 });
      const ids: string[] = [];
      for (let i = 0; i < 3; i += 1) {
        const res = await s.book(customer, part.id);
        expect(res.statusCode, res.body).toBe(201);
        ids.push(res.json<{ id: string }>().id);
      }

      const refused = await s.book(customer, part.id);
      expect(refused.statusCode).toBe(409);
      expect(refused.headers['content-type']).toContain('application/problem+json');
      expect(refused.json()).toMatchObject({
        code: 'too_many_unpaid_orders',
        detail: 'You have 3 unpaid orders: pay or cancel one before booking more.',
      });
      expect(await s.stockOf(part.id)).toBe(1000 - 36);
      expect(await s.unpaidOf(customer.id)).toBe(3);

      // Another customer is not held back by this one's orders.
      const other = await signInAs(ctx.app, ctx.database.db, 'customer');
      expect((await s.book(other, part.id)).statusCode).toBe(201);

      // Cancelling one makes room for one more.
      expect((await s.call('DELETE', `/api/orders/${ids[0]}`, customer.cookie)).statusCode).toBe(200);
      expect((await s.book(customer, part.id)).statusCode).toBe(201);
      expect((await s.book(customer, part.id)).statusCode).toBe(409);

      // A paid order holds nothing unpaid: it does not count.
      const intent = await s.call('POST', `/api/orders/${ids[1]}/payment-intent`, customer.cookie);
      const paid = await s.call('POST', `/api/orders/${ids[1]}/payment`, customer.cookie, {
        clientSecret: intent.json<{ clientSecret: string }>().clientSecret,
        card: { number: '4242 4242 4242 4242', expMonth: 12, expYear: 2030, cvc: '123' },
      });
      expect(paid.statusCode, paid.body).toBe(200);
      expect((await s.book(customer, part.id)).statusCode).toBe(201);
      expect(await s.unpaidOf(customer.id)).toBe(3);
    });

    it('answers a retried booking (same Idempotency-Key) with its order even at the cap', async () => {
      const customer = await signInAs(ctx.app, ctx.database.db, 'customer');
      const part = await insertPart(ctx.database.db, { stock: 1000 });
      const headers = { cookie: customer.cookie, 'idempotency-key': 'third-booking-0001' };
      expect((await s.book(customer, part.id)).statusCode).toBe(201);
      expect((await s.book(customer, part.id)).statusCode).toBe(201);
      const third = await ctx.app.inject({
        method: 'POST',
        url: '/api/orders',
        headers,
        payload: { partId: part.id, ...booking },
      });
      expect(third.statusCode).toBe(201);
      const again = await ctx.app.inject({
        method: 'POST',
        url: '/api/orders',
        headers,
        payload: { partId: part.id, ...booking },
      });
      expect(again.statusCode).toBe(201);
      expect(again.json()).toEqual(third.json());
    });

    it('lets exactly one of two simultaneous bookings through when the customer holds 2 unpaid orders', async () => {
      const customer = await signInAs(ctx.app, ctx.database.db, 'customer');
      const part = await insertPart(ctx.database.db, { stock: 1000 });
      expect((await s.book(customer, part.id)).statusCode).toBe(201);
      expect((await s.book(customer, part.id)).statusCode).toBe(201);
      // Each on a part of its own too, so the stock's row lock does not line them up by accident.
      const [a, b] = await Promise.all([
        insertPart(ctx.database.db, { stock: 100 }),
        insertPart(ctx.database.db, { stock: 100 }),
      ]);
      const answers = await Promise.all([s.book(customer, a.id), s.book(customer, b.id)]);
      expect(answers.map((res) => res.statusCode).sort()).toEqual([201, 409]);
      expect(await s.unpaidOf(customer.id)).toBe(3);
      expect((await s.stockOf(a.id)) + (await s.stockOf(b.id))).toBe(200 - 12);
    });

    it('makes exactly 3 orders of 12 simultaneous bookings by one customer', async () => {
      const customer = await signInAs(ctx.app, ctx.database.db, 'customer');
      const parts = await Promise.all(Array.from({ length: 12 }, () => insertPart(ctx.database.db, { stock: 100 })));
      const answers = await Promise.all(parts.map((part) => s.book(customer, part.id)));
      expect(answers.filter((res) => res.statusCode === 201)).toHaveLength(3);
      expect(answers.filter((res) => res.statusCode === 409 && res.json().code === 'too_many_unpaid_orders')).toHaveLength(9);
      expect(await s.unpaidOf(customer.id)).toBe(3);
      const stocks = await Promise.all(parts.map((part) => s.stockOf(part.id)));
      expect(stocks.reduce((sum, stock) => sum + stock, 0)).toBe(12 * 100 - 3 * 12);
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
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toMatchObject({
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

      const followed = await s.call('GET', `${link.pathname}${link.search}`);
      expect(followed.statusCode).toBe(302);
      expect(followed.headers.location).toBe(`${ctx.config.publicUrl}/email-verified`);
      const me = await s.call('GET', '/api/me', account.cookie);
      expect(me.json().user.emailVerified).toBe(true);
      expect((await s.book(account, partId)).statusCode).toBe(201);
    });

    it('lands a tampered link on the page with the reason, verifying nothing', async () => {
      const account = await signUp(ctx.app);
      const link = new URL(firstLink((await ctx.mailer.next(account.email)).text) ?? '');
      link.searchParams.set('token', `${link.searchParams.get('token')}x`);
      const followed = await s.call('GET', `${link.pathname}${link.search}`);
      expect(followed.statusCode).toBe(302);
      expect(followed.headers.location).toBe(`${ctx.config.publicUrl}/email-verified?error=INVALID_TOKEN`);
      expect((await s.call('GET', '/api/me', account.cookie)).json().user.emailVerified).toBe(false);
      expect((await s.book(account, partId)).statusCode).toBe(403);
    });

    it('sends the link again on request, to the signed-in account only', async () => {
      const account = await signUp(ctx.app);
      await ctx.mailer.next(account.email);
      expect((await s.call('POST', '/api/auth/send-verification-email', undefined, { email: account.email })).statusCode).toBe(
        401,
      );
      const resent = await ctx.app.inject({
        method: 'POST',
        url: '/api/auth/send-verification-email',
        headers: { cookie: account.cookie, origin: ctx.config.publicUrl },
        payload: { email: account.email },
      });
      expect(resent.statusCode, resent.body).toBe(200);
      const link = new URL(firstLink((await ctx.mailer.next(account.email)).text) ?? '');
      expect((await s.call('GET', `${link.pathname}${link.search}`)).statusCode).toBe(302);
      expect((await s.book(account, partId)).statusCode).toBe(201);

      const foreign = await ctx.app.inject({
        method: 'POST',
        url: '/api/auth/send-verification-email',
        headers: { cookie: account.cookie, origin: ctx.config.publicUrl },
        payload: { email: 'someone-else@example.com' },
      });
      expect(foreign.statusCode).toBe(400);
      expect(foreign.json().errors).toEqual({ email: copy.auth.verifyOwnAddress });
      const again = await ctx.app.inject({
        method: 'POST',
        url: '/api/auth/send-verification-email',
        headers: { cookie: account.cookie, origin: ctx.config.publicUrl },
        payload: { email: account.email },
      });
      expect(again.statusCode).toBe(409);
      expect(again.json().detail).toBe(copy.auth.alreadyVerified);
    });

    it('counts the demo accounts as verified', async () => {
      await ensureDemoAccounts(createTestAuth(ctx.database));
      const cookie = await signIn(ctx.app, 'customer@gearhouse.example', 'customer-demo-1');
      expect((await s.call('GET', '/api/me', cookie)).json().user.emailVerified).toBe(true);
      expect((await s.book({ cookie }, partId)).statusCode).toBe(201);
    });
  },
  { config: { requireVerifiedEmail: true } },
);

describeOnEachEngine('verified addresses not required (REQUIRE_VERIFIED_EMAIL off)', (ctx) => {
  it('books without a verified address and mails no link on sign-up', async () => {
    const account = await signUp(ctx.app);
    const part = await insertPart(ctx.database.db, { stock: 100 });
    expect((await steps(ctx).book(account, part.id)).statusCode).toBe(201);
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
    admin = await signInAs(ctx.app, ctx.database.db, 'admin');
    customer = await signInAs(ctx.app, ctx.database.db, 'customer');
  });
  afterEach(() => ctx.clock.set(TEST_NOW));

  /** Books 12 of a part at the maximum, then the admin fills it up to the maximum again. */
  async function heldAtTheMaximum() {
    const part = await insertPart(ctx.database.db, { stock: MAX_STOCK });
    const placed = await s.book(customer, part.id);
    expect(placed.statusCode, placed.body).toBe(201);
    const refill = await s.call('PATCH', `/api/parts/${part.id}`, admin.cookie, { stock: MAX_STOCK });
    expect(refill.statusCode, refill.body).toBe(200);
    return { partId: part.id, orderId: placed.json<{ id: string }>().id };
  }

  /** The edit form sends the part back as it is: that must still be accepted. */
  async function expectSavable(partId: string) {
    const part = (await s.call('GET', `/api/parts/${partId}`)).json();
    const saved = await s.call('PATCH', `/api/parts/${partId}`, admin.cookie, {
      name: part.name,
      description: part.description,
      priceCents: part.priceCents,
      stock: part.stock,
      imageUrl: part.imageUrl,
    });
    expect(saved.statusCode, saved.body).toBe(200);
  }

  it('keeps the stock at the maximum when an order of a part kept at the maximum is cancelled', async () => {
    const { partId, orderId } = await heldAtTheMaximum();
    expect((await s.call('DELETE', `/api/orders/${orderId}`, customer.cookie)).statusCode).toBe(200);
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
    expect((await s.call('DELETE', `/api/orders/${placed.json().id}`, customer.cookie)).statusCode).toBe(200);
    expect(await s.stockOf(part.id)).toBe(MAX_STOCK - 5);
  });
});
