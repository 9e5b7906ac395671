import { beforeAll, expect, it } from 'vitest';
import * as copy from '#shared/copy';
import { signedInAdmin, signedInCustomer, type TestAccount } from '../../testing/accounts';
import { testApi } from '../../testing/api';
import { insertPart } from '../../testing/factories';
import { GOOD_CARD, openPayment, placedOrder } from '../../testing/orders';
import { describeOnEachEngine } from '../../testing/test-app';

describeOnEachEngine('deleting a part that has unpaid orders', (ctx) => {
  let admin: TestAccount;

  beforeAll(async () => {
    admin = await signedInAdmin(ctx);
  });

  const api = testApi(ctx);
  const place = async (partId: string, account: TestAccount) => (await placedOrder(ctx, account, partId)).id;
  const intent = (orderId: string, account: TestAccount) => openPayment(ctx, account, orderId);
  const order = (id: string) => ctx.database.db.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const part = (id: string) =>
    ctx.database.db
      .selectFrom('parts')
      .innerJoin('part_stock', 'part_stock.part_id', 'parts.id')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();

  it('tells the admin how many unpaid orders the delete would cancel, and refuses it unconfirmed', async () => {
    const first = await signedInCustomer(ctx);
    const second = await signedInCustomer(ctx);
    const doomed = await insertPart(ctx.database.db, { stock: 100, name: 'Doomed gasket' });
    const unpaidA = await place(doomed.id, first);
    await place(doomed.id, second);
    const paid = await place(doomed.id, first);
    await ctx.database.db.updateTable('orders').set({ status: 'paid' }).where('id', '=', paid).execute();

    const count = await api.as(admin).get(`/api/parts/${doomed.id}/unpaid-orders`);
    expect(count.status).toBe(200);
    expect(count.json).toEqual({ count: 2 });
    expect((await api.as(first).get(`/api/parts/${doomed.id}/unpaid-orders`)).status).toBe(403);
    expect((await api.as(admin).get('/api/parts/no-such-part/unpaid-orders')).status).toBe(404);

    const refused = await api.as(admin).delete(`/api/parts/${doomed.id}`);
    expect(refused.status).toBe(409);
    expect(refused.json).toMatchObject({ code: 'conflict', detail: copy.partsAdmin.unpaidOrdersFirst(2) });
    // Nothing changed: the part is still on sale and its orders still open.
    expect((await api.anonymous.get(`/api/parts/${doomed.id}`)).status).toBe(200);
    expect((await order(unpaidA)).status).toBe('pending_payment');
    expect((await api.as(admin).delete(`/api/parts/${doomed.id}?cancelUnpaidOrders=maybe`)).status).toBe(400);
  });

  it('cancels the unpaid orders with the part, mails each customer, and keeps paid ones', async () => {
    const first = await signedInCustomer(ctx);
    const second = await signedInCustomer(ctx);
    const doomed = await insertPart(ctx.database.db, { stock: 100, name: 'Withdrawn gasket', price_cents: 500 });
    const unpaidA = await place(doomed.id, first);
    const unpaidB = await place(doomed.id, second);
    const paid = await place(doomed.id, first);
    await ctx.database.db.updateTable('orders').set({ status: 'paid' }).where('id', '=', paid).execute();
    await ctx.app.mailOutbox.drain();
    const sent = ctx.mailer.messages.length;

    const removed = await api.as(admin).delete(`/api/parts/${doomed.id}?cancelUnpaidOrders=true`);
    expect(removed.status, removed.body).toBe(204);
    expect((await api.anonymous.get(`/api/parts/${doomed.id}`)).status).toBe(404);
    expect((await part(doomed.id)).archived_at).not.toBeNull();
    for (const id of [unpaidA, unpaidB]) {
      expect(await order(id)).toMatchObject({ status: 'cancelled', cancel_reason: 'admin' });
    }
    expect((await order(paid)).status).toBe('paid');
    // The part is gone: its stock is not put back on sale.
    expect((await part(doomed.id)).stock).toBe(64);

    await ctx.app.mailOutbox.drain();
    const mails = ctx.mailer.messages.slice(sent);
    expect(mails.map((m) => m.to).sort()).toEqual([first.email, second.email].sort());
    for (const mail of mails) {
      expect(mail.subject).toBe(copy.mail.cancelledSubject('Withdrawn gasket'));
      expect(mail.text).toContain(copy.mail.partWithdrawnIntro);
      expect(mail.text).toContain('12 × Withdrawn gasket, $60.00 in all.');
    }
    // Their customers see them cancelled by the shop.
    const mine = await api.as(second).get('/api/me/orders?view=cancelled');
    expect(mine.json.items).toEqual([expect.objectContaining({ id: unpaidB, cancelReason: 'admin' })]);
  });

  it('refuses to pay an order of a deleted part, whatever its state, before any money moves', async () => {
    const buyer = await signedInCustomer(ctx);
    const doomed = await insertPart(ctx.database.db, { stock: 100 });
    const cancelledWithIt = await place(doomed.id, buyer);
    const clientSecret = await intent(cancelledWithIt, buyer);
    expect((await api.as(admin).delete(`/api/parts/${doomed.id}?cancelUnpaidOrders=true`)).status).toBe(204);

    const paying = await api.as(buyer).post(`/api/orders/${cancelledWithIt}/payment`, { clientSecret, card: GOOD_CARD });
    expect(paying.status).toBe(409);
    expect(paying.json).toMatchObject({ code: 'conflict', detail: copy.payment.partWithdrawn });
    const again = await api.as(buyer).post(`/api/orders/${cancelledWithIt}/payment-intent`);
    expect(again.status).toBe(409);
    expect(again.json.detail).toBe(copy.payment.partWithdrawn);

    // An order left unpaid on an archived part (archived some other way) is refused all the same.
    const other = await insertPart(ctx.database.db, { stock: 100 });
    const leftUnpaid = await place(other.id, buyer);
    const otherSecret = await intent(leftUnpaid, buyer);
    await ctx.database.db
      .updateTable('parts')
      .set({ archived_at: ctx.clock.now().toISOString() })
      .where('id', '=', other.id)
      .execute();
    const late = await api.as(buyer).post(`/api/orders/${leftUnpaid}/payment`, {
      clientSecret: otherSecret,
      card: GOOD_CARD,
    });
    expect(late.status).toBe(409);
    expect(late.json.detail).toBe(copy.payment.partWithdrawn);
    expect(await order(leftUnpaid)).toMatchObject({ status: 'pending_payment', transaction_id: null });
    const charges = await ctx.database.db
      .selectFrom('payment_intents')
      .select('status')
      .where('order_id', 'in', [cancelledWithIt, leftUnpaid])
      .execute();
    expect(charges.every((c) => c.status !== 'succeeded')).toBe(true);
  });

  it('deletes a part that nobody ordered outright, without asking', async () => {
    const unordered = await insertPart(ctx.database.db);
    expect((await api.as(admin).get(`/api/parts/${unordered.id}/unpaid-orders`)).json).toEqual({ count: 0 });
    expect((await api.as(admin).delete(`/api/parts/${unordered.id}`)).status).toBe(204);
    expect(await ctx.database.db.selectFrom('parts').select('id').where('id', '=', unordered.id).execute()).toEqual([]);
  });
});
