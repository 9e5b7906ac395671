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
 * What keeps one customer from holding the catalogue: a cap on unpaid orders (MAX_UNPAID_ORDERS) and on
 * what they come to together (MAX_UNPAID_VALUE), a verified address before booking
 * (REQUIRE_VERIFIED_EMAIL), and a stock that stays in the range the part form accepts whichever way it
 * changes.
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

/** MAX_UNPAID_VALUE's default, $10,000, in cents. */
const CAP = 1_000_000;

describeOnEachEngine(
  'a cap on what unpaid orders come to together (MAX_UNPAID_VALUE = $10,000)',
  (ctx) => {
    let s: ReturnType<typeof steps>;
    beforeAll(() => {
      s = steps(ctx);
    });
    const order = (lines: { partId: string; quantity: number }[]) => ({ lines, phone: TEST_PHONE, address: TEST_ADDRESS });
    const heldBy = async (userId: string) => {
      const rows = await ctx.database.db
        .selectFrom('orders')
        .select('total_cents')
        .where('user_id', '=', userId)
        .where('status', '=', 'pending_payment')
        .execute();
      return rows.reduce((sum, row) => sum + Number(row.total_cents), 0);
    };

    it('refuses one order of every part at its full stock with 409 and the amounts, taking no stock', async () => {
      const customer = await signedInCustomer(ctx);
      const parts = await Promise.all(
        [4890, 21900, 87900, 1250, 32900].map((price) => insertPart(ctx.database.db, { price_cents: price, stock: 240 })),
      );
      const whole = order(parts.map((part) => ({ partId: part.id, quantity: 240 })));
      const total = parts.reduce((sum, part) => sum + part.price_cents * 240, 0);

      const refused = await s.api.as(customer).post('/api/orders', whole);
      expect(refused.status, refused.body).toBe(409);
      expect(refused.headers['content-type']).toContain('application/problem+json');
      expect(refused.json).toMatchObject({
        code: 'unpaid_value_exceeded',
        detail: `This order comes to $357,216.00, more than the $10,000.00 one customer may hold unpaid. Order less at a time: book the rest once this order is paid.`,
      });
      expect(refused.json.detail).toBe(copy.booking.orderOverUnpaidCap(total, CAP));
      expect(await Promise.all(parts.map((part) => s.stockOf(part.id)))).toEqual([240, 240, 240, 240, 240]);
      expect(await s.unpaidOf(customer.id)).toBe(0);

      // "Book Now" of one part's whole stock is held to the same cap.
      const single = await s.api.as(customer).post('/api/orders', bookingBody(parts[2]!.id, { quantity: 240 }));
      expect(single.status).toBe(409);
      expect(single.json.detail).toBe(copy.booking.orderOverUnpaidCap(87900 * 240, CAP));
      expect(await s.stockOf(parts[2]!.id)).toBe(240);
    });

    it('counts what the unpaid orders already hold: up to the cap and not a cent past it; paying or cancelling makes room', async () => {
      const customer = await signedInCustomer(ctx);
      const hundred = await insertPart(ctx.database.db, { price_cents: 10_000, stock: 1000 });
      const ten = await insertPart(ctx.database.db, { price_cents: 1000, stock: 1000 });
      const first = await s.api.as(customer).post('/api/orders', bookingBody(hundred.id, { quantity: 88 }));
      expect(first.status, first.body).toBe(201);
      // $8,800 + $1,200 is the cap exactly.
      const second = await s.api.as(customer).post('/api/orders', bookingBody(ten.id, { quantity: 120 }));
      expect(second.status, second.body).toBe(201);
      expect(await heldBy(customer.id)).toBe(CAP);

      const refused = await s.book(customer, ten.id);
      expect(refused.status).toBe(409);
      expect(refused.json).toMatchObject({
        code: 'unpaid_value_exceeded',
        detail:
          'Your unpaid orders already hold $10,000.00; with this order ($120.00) that would be $10,120.00, more than the $10,000.00 one customer may hold unpaid. Pay or cancel an order first.',
      });
      expect(await s.stockOf(ten.id)).toBe(1000 - 120);
      expect(await s.unpaidOf(customer.id)).toBe(2);

      // Another customer is not held back by this one's orders.
      expect((await s.book(await signedInCustomer(ctx), ten.id)).status).toBe(201);

      // Cancelling the $8,800 order makes room.
      expect((await s.api.as(customer).delete(`/api/orders/${first.json.id}`)).status).toBe(200);
      expect((await s.book(customer, ten.id)).status).toBe(201);
      expect(await heldBy(customer.id)).toBe(120_000 + 12_000);

      // A paid order holds nothing unpaid: it does not count.
      const intent = await s.api.as(customer).post(`/api/orders/${second.json.id}/payment-intent`);
      const paid = await s.api.as(customer).post(`/api/orders/${second.json.id}/payment`, {
        clientSecret: intent.json.clientSecret,
        card: GOOD_CARD,
      });
      expect(paid.status, paid.body).toBe(200);
      const again = await s.api.as(customer).post('/api/orders', bookingBody(hundred.id, { quantity: 98 }));
      expect(again.status, again.body).toBe(201);
      expect(await heldBy(customer.id)).toBe(12_000 + 980_000);
    });

    it("never refuses one line of a part's smallest quantity to a customer holding nothing else", async () => {
      // 12 of it come to $12,000, more than the cap on their own.
      const dear = await insertPart(ctx.database.db, { price_cents: 100_000, stock: 1000 });
      const packed = await insertPart(ctx.database.db, {
        price_cents: 100_000,
        stock: 1000,
        min_order_quantity: 12,
        pack_size: 5,
      });
      const customer = await signedInCustomer(ctx);
      const booked = await s.book(customer, dear.id);
      expect(booked.status, booked.body).toBe(201);
      // Holding it, the customer must pay or cancel before more.
      const more = await s.book(customer, dear.id);
      expect(more.status).toBe(409);
      expect(more.json.detail).toBe(copy.booking.tooMuchUnpaid(1_200_000, 1_200_000, CAP));

      const other = await signedInCustomer(ctx);
      // More than the smallest quantity, or a second line, is not the smallest order.
      const twoSets = await s.api.as(other).post('/api/orders', bookingBody(dear.id, { quantity: 24 }));
      expect(twoSets.status).toBe(409);
      expect(twoSets.json.detail).toBe(copy.booking.orderOverUnpaidCap(2_400_000, CAP));
      const twoLines = await s.api.as(other).post(
        '/api/orders',
        order([
          { partId: dear.id, quantity: 12 },
          { partId: packed.id, quantity: 15 },
        ]),
      );
      expect(twoLines.status).toBe(409);
      // Whole packs: 15 is the smallest quantity of a part sold by 5 with a minimum of 12.
      const smallest = await s.api.as(other).post('/api/orders', bookingBody(packed.id, { quantity: 15 }));
      expect(smallest.status, smallest.body).toBe(201);
      expect(await s.stockOf(dear.id)).toBe(1000 - 12);
      expect(await s.stockOf(packed.id)).toBe(1000 - 15);
    });

    it('does not hold an admin to it: an admin is not a customer', async () => {
      const admin = await signedInAdmin(ctx);
      const part = await insertPart(ctx.database.db, { price_cents: 50_000, stock: 1000 });
      const booked = await s.api.as(admin).post('/api/orders', bookingBody(part.id, { quantity: 500 }));
      expect(booked.status, booked.body).toBe(201);
      expect(await s.stockOf(part.id)).toBe(500);
    });

    it('lets exactly as many of 10 simultaneous bookings through as fit under the cap together', async () => {
      const customer = await signedInCustomer(ctx);
      // $1,500 each, on a part of its own, so the stock's row lock does not line them up by accident.
      const parts = await Promise.all(
        Array.from({ length: 10 }, () => insertPart(ctx.database.db, { price_cents: 12_500, stock: 100 })),
      );
      const answers = await Promise.all(parts.map((part) => s.book(customer, part.id)));
      expect(answers.filter((res) => res.status === 201)).toHaveLength(6);
      expect(answers.filter((res) => res.status === 409 && res.json.code === 'unpaid_value_exceeded')).toHaveLength(4);
      expect(await heldBy(customer.id)).toBe(6 * 150_000);
      const stocks = await Promise.all(parts.map((part) => s.stockOf(part.id)));
      expect(stocks.reduce((sum, stock) => sum + stock, 0)).toBe(10 * 100 - 6 * 12);
    });

    it('holds orders of several lines to it the same way when 10 come at once, the refused ones taking no stock', async () => {
      const customer = await signedInCustomer(ctx);
      const parts = await Promise.all(
        Array.from({ length: 4 }, () => insertPart(ctx.database.db, { price_cents: 5000, stock: 1000 })),
      );
      // Each order takes two of the four parts ($600 + $1,200 = $1,800), in both orders, so orders share parts.
      const orders = Array.from({ length: 10 }, (_, i) =>
        order([
          { partId: parts[i % 4]!.id, quantity: 12 },
          { partId: parts[(i + 1 + (i % 2)) % 4]!.id, quantity: 24 },
        ]),
      );
      const answers = await Promise.all(orders.map((body) => s.api.as(customer).post('/api/orders', body)));
      expect(answers.filter((res) => res.status === 201)).toHaveLength(5);
      expect(answers.filter((res) => res.status === 409 && res.json.code === 'unpaid_value_exceeded')).toHaveLength(5);
      expect(await heldBy(customer.id)).toBe(5 * 180_000);
      const stocks = await Promise.all(parts.map((part) => s.stockOf(part.id)));
      expect(stocks.reduce((sum, stock) => sum + stock, 0)).toBe(4 * 1000 - 5 * 36);
    });
  },
  { config: { maxUnpaidValueCents: CAP } },
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
      // A minute after the sign-up's link: an address gets at most one a minute.
      ctx.clock.advance(60_000);
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
      ctx.clock.set(TEST_NOW);
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
