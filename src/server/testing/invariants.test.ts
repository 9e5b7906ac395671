import { beforeAll, expect, it } from 'vitest';
import type { SessionUser } from '../session-user';
import { insertPart, type PartWithStock } from './factories';
import {
  answeredOrdersKept,
  chargesSettled,
  invoiceNumbersGapless,
  mailSentOnce,
  shopInvariants,
  stockExact,
} from './invariants';
import { GOOD_CARD } from './orders';
import { describeServicesOnEachEngine } from './test-services';

const delivery = { phone: '+1 555-010-2030', address: '12 Piston Road, Gearville' };

// The checks the fault tests rely on: silent on a shop that did everything right, and each one
// speaking up when its own rule is broken behind the shop's back.
describeServicesOnEachEngine('the shop’s invariants', (ctx) => {
  let part: PartWithStock;
  let customer: SessionUser;
  const placed: string[] = [];
  const paid: [string, string][] = [];
  const cancelled: string[] = [];
  const initialStock = new Map<string, number>();
  const delivered = () => ctx.mailer.messages.map((message) => message.id ?? '');
  const everything = () =>
    shopInvariants(ctx.database.db, { answered: { placed, paid, cancelled }, initialStock, deliveredMails: delivered() });

  beforeAll(async () => {
    part = await insertPart(ctx.database.db, { stock: 100, min_order_quantity: 2 });
    initialStock.set(part.id, 100);
    customer = await ctx.account('customer');
    for (const quantity of [2, 3, 4, 5]) {
      placed.push((await ctx.services.orders.placeOrder(customer, { partId: part.id, quantity, ...delivery })).id);
    }
    for (const id of placed.slice(0, 2)) {
      const { clientSecret } = await ctx.services.payments.createIntent(id, customer);
      const result = await ctx.services.payments.pay(id, customer, { clientSecret, card: GOOD_CARD });
      if (result.status !== 'succeeded') throw new Error(`payment of ${id} did not succeed`);
      paid.push([id, result.transactionId]);
    }
    await ctx.services.orders.cancelOrder(placed[3]!, customer);
    cancelled.push(placed[3]!);
    await ctx.services.mailOutbox.drain();
  });

  it('hold on a shop that kept every rule', async () => {
    expect(await everything()).toEqual([]);
  });

  it('name an order answered 201 that is not there, and a payment answered that did not stick', async () => {
    const [orderId, transactionId] = paid[0]!;
    expect(
      await answeredOrdersKept(ctx.database.db, { placed: ['no-such-order'], paid: [[orderId, 'txn_other']], cancelled: [] }),
    ).toEqual([
      'order no-such-order was answered 201 but is not in the database',
      `order ${orderId} was answered paid with txn_other but is paid with ${transactionId}`,
    ]);
  });

  it('name stock that differs from what the orders hold by one unit', async () => {
    await ctx.database.db
      .updateTable('part_stock')
      .set({ stock: 100 - 9 + 1 })
      .where('part_id', '=', part.id)
      .execute();
    try {
      expect(await stockExact(ctx.database.db, initialStock)).toEqual([
        `part ${part.id}: stock 92, but 100 less 9 units held by orders is 91`,
      ]);
    } finally {
      await ctx.database.db.updateTable('part_stock').set({ stock: 91 }).where('part_id', '=', part.id).execute();
    }
  });

  it('name a charge kept without its paid order', async () => {
    const [orderId, transactionId] = paid[1]!;
    await ctx.database.db.updateTable('orders').set({ status: 'pending_payment' }).where('id', '=', orderId).execute();
    try {
      expect(await chargesSettled(ctx.database.db)).toEqual([
        `charge ${transactionId} of order ${orderId} is kept, but the order is pending_payment with ${transactionId}`,
      ]);
    } finally {
      await ctx.database.db.updateTable('orders').set({ status: 'paid' }).where('id', '=', orderId).execute();
    }
  });

  it('name a mail delivered twice on its first attempt, and one never sent', async () => {
    const [first, second] = await ctx.database.db
      .selectFrom('mail_outbox')
      .select(['id', 'kind', 'sent_at'])
      .orderBy('id')
      .execute();
    await ctx.database.db.updateTable('mail_outbox').set({ sent_at: null }).where('id', '=', second!.id).execute();
    try {
      // The problems come in no particular order.
      expect((await mailSentOnce(ctx.database.db, [...delivered(), first!.id])).sort()).toEqual(
        [
          `mail ${first!.id} (${first!.kind}) arrived 2 times after 1 attempt(s)`,
          `mail ${second!.id} (${second!.kind}) is not sent`,
        ].sort(),
      );
    } finally {
      await ctx.database.db.updateTable('mail_outbox').set({ sent_at: second!.sent_at }).where('id', '=', second!.id).execute();
    }
  });

  it('name an invoice number missing from the year', async () => {
    await ctx.database.db.updateTable('invoice_sequences').set({ last: 3 }).where('year', '=', 2026).execute();
    try {
      expect(await invoiceNumbersGapless(ctx.database.db)).toEqual(['invoices of 2026 (counter at 3): missing 3']);
    } finally {
      await ctx.database.db.updateTable('invoice_sequences').set({ last: 2 }).where('year', '=', 2026).execute();
    }
    expect(await everything()).toEqual([]);
  });
});
