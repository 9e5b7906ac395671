import { afterEach, beforeAll, beforeEach, expect, it } from 'vitest';
import * as copy from '#shared/copy';
import { confirmAddress, signedInAdmin, signedInCustomer, type TestAccount } from '../../testing/accounts';
import { GOOD_CARD, ordersWithPart, orderSteps } from '../../testing/orders';
import { describeOnEachEngine, TEST_NOW } from '../../testing/test-app';
import { createEventBus } from '../../events';
import { insertOrder, insertPart } from '../../testing/factories';
import { createOrderExpiry, SWEEP_BATCH } from './order-expiry';

const HOUR = 3_600_000;
/** The part each test books: its name and stock show in the mails. */
const clutchKit = (stock = 100) => ({ stock, price_cents: 1250, name: `Clutch kit ${stock}` });

describeOnEachEngine('order mails and the expiry of unpaid orders', (ctx) => {
  let admin: TestAccount;
  let customer: TestAccount;
  let steps: ReturnType<typeof orderSteps>;

  beforeAll(async () => {
    admin = await signedInAdmin(ctx);
    steps = orderSteps(ctx);
  });
  // A customer of its own for each test, so each reads only its own mail.
  beforeEach(async () => {
    customer = await signedInCustomer(ctx);
  });
  afterEach(() => ctx.clock.set(TEST_NOW));

  it('mails the customer when the order is placed, with the total and the time by which to pay', async () => {
    const { orderId } = await steps.place(customer, clutchKit());
    const mail = await ctx.mailer.next(customer.email);
    expect(mail.subject).toBe(copy.mail.placedSubject('Clutch kit 100'));
    expect(mail.text).toContain('12 × Clutch kit 100, $150.00 in all.');
    expect(mail.text).toContain(copy.mail.placedPayBy('2026-06-17 12:00'));
    expect(mail.text).toContain(`${ctx.config.publicUrl}/dashboard`);
    expect((await steps.order(orderId)).status).toBe('pending_payment');
  });

  it('mails the customer once when the order is paid, with the transaction id', async () => {
    const { orderId } = await steps.place(customer, clutchKit());
    await ctx.mailer.next(customer.email);
    const clientSecret = await steps.pay(customer, orderId);
    const mail = await ctx.mailer.next(customer.email);
    expect(mail.subject).toBe(copy.mail.paidSubject('Clutch kit 100'));
    const { transaction_id } = await steps.order(orderId);
    expect(mail.text).toContain(copy.mail.paidTransaction(transaction_id ?? 'missing'));
    // Confirming again answers the first transaction, charges nothing and mails nothing.
    const again = await steps.api.as(customer).post(`/api/orders/${orderId}/payment`, { clientSecret, card: GOOD_CARD });
    expect(again.json).toEqual({ status: 'succeeded', transactionId: transaction_id });
    await ctx.app.mailOutbox.drain();
    expect(ctx.mailer.messages.filter((m) => m.to === customer.email).map((m) => m.subject)).toEqual([
      copy.mail.placedSubject('Clutch kit 100'),
      copy.mail.paidSubject('Clutch kit 100'),
    ]);
  });

  it('mails the customer when an admin ships the order, and not for the delivery', async () => {
    // Only to a confirmed address does the mail say where the parts go (messages.test.ts has the other case).
    await confirmAddress(ctx, customer);
    const { orderId } = await steps.place(customer, clutchKit());
    await ctx.mailer.next(customer.email);
    await steps.pay(customer, orderId);
    await ctx.mailer.next(customer.email);
    await ctx.app.mailOutbox.drain();
    const sent = ctx.mailer.messages.length;
    const shipped = await steps.api.as(admin).patch(`/api/orders/${orderId}`, { status: 'shipped' });
    expect(shipped.status, shipped.body).toBe(200);
    const mail = await ctx.mailer.next(customer.email);
    expect(mail.subject).toBe(copy.mail.shippedSubject('Clutch kit 100'));
    expect(mail.text).toContain(copy.mail.shippedTo('12 Piston Road, Gearville'));
    expect(mail.html).toContain('12 Piston Road, Gearville');
    const delivered = await steps.api.as(admin).patch(`/api/orders/${orderId}`, { status: 'delivered' });
    expect(delivered.status).toBe(200);
    await ctx.app.mailOutbox.drain();
    expect(ctx.mailer.messages.slice(sent).map((m) => m.subject)).toEqual([copy.mail.shippedSubject('Clutch kit 100')]);
  });

  it('mails the customer when an admin cancels their unpaid order, and not when they cancel one themselves', async () => {
    const byAdmin = await steps.place(customer, clutchKit());
    const byThemselves = await steps.place(customer, clutchKit());
    // The two "placed" mails, taken so that the next one is the cancel's.
    await ctx.mailer.next(customer.email);
    await ctx.mailer.next(customer.email);
    await ctx.app.mailOutbox.drain();
    const sent = ctx.mailer.messages.length;

    const cancelled = await steps.api.as(admin).delete(`/api/orders/${byAdmin.orderId}`);
    expect(cancelled.status, cancelled.body).toBe(200);
    expect(cancelled.json).toMatchObject({ status: 'cancelled', cancelReason: 'admin' });
    const mail = await ctx.mailer.next(customer.email);
    expect(mail.subject).toBe(copy.mail.cancelledSubject('Clutch kit 100'));
    expect(mail.text).toContain(copy.mail.cancelledByShopIntro);
    expect(mail.text).toContain('12 × Clutch kit 100, $150.00 in all.');
    expect(mail.text).toContain(`${ctx.config.publicUrl}/dashboard`);
    // Written with the cancel: the outbox row is there, and the stock is back.
    expect(await steps.stockOf(byAdmin.partId)).toBe(100);

    const own = await steps.api.as(customer).delete(`/api/orders/${byThemselves.orderId}`);
    expect(own.status).toBe(200);
    expect(own.json).toMatchObject({ cancelReason: 'customer' });
    // A second cancel by the admin changes nothing and mails nothing.
    expect((await steps.api.as(admin).delete(`/api/orders/${byAdmin.orderId}`)).status).toBe(409);
    await ctx.app.mailOutbox.drain();
    expect(ctx.mailer.messages.slice(sent).map((m) => m.subject)).toEqual([copy.mail.cancelledSubject('Clutch kit 100')]);
  });

  it('lists open orders in My Orders by default, and the cancelled ones with their reason when asked', async () => {
    const open = await steps.place(customer, clutchKit());
    const mine = await steps.place(customer, clutchKit());
    const theShops = await steps.place(customer, clutchKit());
    const expired = await steps.place(customer, clutchKit());
    await steps.api.as(customer).delete(`/api/orders/${mine.orderId}`);
    await steps.api.as(admin).delete(`/api/orders/${theShops.orderId}`);
    await ctx.database.db
      .updateTable('orders')
      .set({ status: 'cancelled', cancel_reason: 'expired' })
      .where('id', '=', expired.orderId)
      .execute();
    const list = async (query: string) => {
      const res = await steps.api
        .as(customer)
        .get<{ items: { id: string; cancelReason: string | null }[]; total: number }>(`/api/me/orders${query}`);
      expect(res.status, res.body).toBe(200);
      const body = res.json;
      return { total: body.total, items: body.items.map((o) => [o.id, o.cancelReason]) };
    };
    const openOnly = { total: 1, items: [[open.orderId, null]] };
    expect(await list('')).toEqual(openOnly);
    expect(await list('?view=open')).toEqual(openOnly);
    // Booked at the same instant (the test clock), so compared in any order.
    const cancelled = await list('?view=cancelled');
    expect(cancelled.total).toBe(3);
    expect(cancelled.items).toEqual(
      expect.arrayContaining([
        [expired.orderId, 'expired'],
        [theShops.orderId, 'admin'],
        [mine.orderId, 'customer'],
      ]),
    );
    expect(cancelled.items).toHaveLength(3);
    expect((await list('?view=all')).total).toBe(4);

    const wrong = await steps.api.as(customer).get('/api/me/orders?view=paid');
    expect(wrong.status).toBe(400);
    expect(wrong.json).toMatchObject({ code: 'validation_failed', errors: { view: copy.validation.ordersViewInvalid } });
  });

  it('shows the time left to pay while an order is unpaid, and none once it is paid', async () => {
    const { orderId } = await steps.place(customer, clutchKit());
    const before = await steps.api.as(customer).get(`/api/orders/${orderId}`);
    expect(before.json).toMatchObject({ status: 'pending_payment', payBy: '2026-06-17T12:00:00.000Z', cancelReason: null });
    await steps.pay(customer, orderId);
    const after = await steps.api.as(customer).get(`/api/orders/${orderId}`);
    expect(after.json).toMatchObject({ status: 'paid', payBy: null });
  });

  it('expires an order unpaid at the end of the payment window, returns its stock once and mails the customer', async () => {
    const { orderId, partId } = await steps.place(customer, clutchKit(40));
    const payBy = new Date(ctx.clock.now().getTime() + 48 * HOUR).toISOString();
    expect(await steps.stockOf(partId)).toBe(28);
    await ctx.mailer.next(customer.email);

    ctx.clock.advance(48 * HOUR - 1000);
    await ctx.app.orderExpiry.sweep();
    expect((await steps.order(orderId)).status).toBe('pending_payment');

    ctx.clock.advance(1000);
    await ctx.app.orderExpiry.sweep();
    const expired = await steps.order(orderId);
    expect(expired).toMatchObject({ status: 'cancelled', cancel_reason: 'expired' });
    expect(await steps.stockOf(partId)).toBe(40);

    const mail = await ctx.mailer.next(customer.email);
    expect(mail.subject).toBe(copy.mail.expiredSubject('Clutch kit 40'));
    expect(mail.text).toContain(copy.mail.expiredIntro(48));
    expect(mail.text).toContain(`${ctx.config.publicUrl}/part/${partId}`);

    // A second pass finds nothing more to do: the stock came back once.
    await ctx.app.orderExpiry.sweep();
    expect(await steps.stockOf(partId)).toBe(40);

    // Gone from My Orders; the admin sees it with its reason, and when its time to pay ran out.
    type OrderList = { items: { id: string }[] };
    const mine = await steps.api.as(customer).get<OrderList>('/api/me/orders?limit=60');
    expect(mine.json.items.map((o) => o.id)).not.toContain(orderId);
    const all = await steps.api.as(admin).get<OrderList>('/api/orders?status=cancelled&limit=100');
    expect(all.json.items.find((o) => o.id === orderId)).toMatchObject({ cancelReason: 'expired', payBy });
  });

  it('never expires a paid order, and refuses to pay an expired one', async () => {
    const paid = await steps.place(customer, clutchKit());
    await steps.pay(customer, paid.orderId);
    const unpaid = await steps.place(customer, clutchKit());
    const intent = await steps.api.as(customer).post(`/api/orders/${unpaid.orderId}/payment-intent`);

    ctx.clock.advance(49 * HOUR);
    await ctx.app.orderExpiry.sweep();
    expect((await steps.order(paid.orderId)).status).toBe('paid');
    expect(await steps.stockOf(paid.partId)).toBe(88);
    expect((await steps.order(unpaid.orderId)).status).toBe('cancelled');

    const late = await steps.api.as(customer).post(`/api/orders/${unpaid.orderId}/payment`, {
      clientSecret: intent.json.clientSecret,
      card: GOOD_CARD,
    });
    expect(late.status).toBe(409);
    expect((await steps.order(unpaid.orderId)).status).toBe('cancelled');
  });

  it('expires every overdue order in one pass, batch after batch, even orders booked at the same instant', async () => {
    const part = await insertPart(ctx.database.db, { stock: 0 });
    // Pairs booked at one instant, one of them across the batch boundary (the 100th and 101st orders).
    const overdueAt = (i: number) => new Date(Date.parse(TEST_NOW) - 100 * HOUR + Math.floor((i + 1) / 2) * 1000).toISOString();
    const count = SWEEP_BATCH + 10;
    const overdue = [];
    for (let i = 0; i < count; i++) {
      overdue.push(
        await insertOrder(ctx.database.db, {
          part_id: part.id,
          quantity: 1,
          status: 'pending_payment',
          created_at: overdueAt(i),
        }),
      );
    }
    const recent = await insertOrder(ctx.database.db, {
      part_id: part.id,
      quantity: 1,
      status: 'pending_payment',
      created_at: new Date(Date.parse(TEST_NOW) - HOUR).toISOString(),
    });
    const sweep = createOrderExpiry(ctx.database.db, {
      clock: ctx.clock,
      log: console,
      paymentWindowHours: 48,
      events: createEventBus(console),
    }).sweep;

    expect(await sweep()).toBe(count);
    const statuses = await ordersWithPart(ctx.database.db, part.id);
    expect(
      statuses
        .filter((row) => row.status === 'cancelled')
        .map((row) => row.id)
        .sort(),
    ).toEqual(overdue.map((order) => order.id).sort());
    expect(statuses.find((row) => row.id === recent.id)?.status).toBe('pending_payment');
    expect(await steps.stockOf(part.id)).toBe(count);
    expect(await sweep()).toBe(0);
  });

  it('expires each order once when several nodes sweep at the same moment', async () => {
    const placed = await Promise.all([1, 2, 3, 4, 5].map(() => steps.place(customer, clutchKit(60))));
    ctx.clock.advance(48 * HOUR);
    const expiredBy: string[] = [];
    const node = () => {
      const events = createEventBus(console);
      events.on('orderCancelled', { after: ({ order }) => void expiredBy.push(order.id) });
      return createOrderExpiry(ctx.database.db, { clock: ctx.clock, log: console, paymentWindowHours: 48, events });
    };
    await Promise.all([node().sweep(), node().sweep(), node().sweep()]);
    for (const { orderId, partId } of placed) {
      expect(expiredBy.filter((id) => id === orderId)).toHaveLength(1);
      expect(await steps.stockOf(partId)).toBe(60);
    }
  });
});

describeOnEachEngine(
  'the sweep of unpaid orders on its timer',
  (ctx) => {
    it('runs inside the server and expires an overdue order without being asked', async () => {
      const customer = await signedInCustomer(ctx);
      const steps = orderSteps(ctx);
      const { orderId, partId } = await steps.place(customer, clutchKit(30));
      ctx.clock.advance(48 * HOUR);
      const deadline = Date.now() + 5000;
      while ((await steps.order(orderId)).status === 'pending_payment' && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      expect(await steps.order(orderId)).toMatchObject({ status: 'cancelled', cancel_reason: 'expired' });
      expect(await steps.stockOf(partId)).toBe(30);
    });
  },
  { orderSweepIntervalMs: 25 },
);
