import { beforeAll, expect, it } from 'vitest';
import { copy } from '#shared/copy';
import { signInAs, type TestAccount } from '../../testing/accounts';
import { insertPart } from '../../testing/factories';
import { describeOnEachEngine } from '../../testing/test-app';

type Method = 'GET' | 'POST' | 'DELETE';
const goodCard = { number: '4242 4242 4242 4242', expMonth: 12, expYear: 2030, cvc: '123' };

describeOnEachEngine('deleting a part that has unpaid orders', (ctx) => {
  let admin: TestAccount;

  beforeAll(async () => {
    admin = await signInAs(ctx.app, ctx.database.db, 'admin');
  });

  const call = (method: Method, url: string, cookie?: string, payload?: object) =>
    ctx.app.inject({ method, url, headers: cookie ? { cookie } : {}, ...(payload ? { payload } : {}) });
  const place = async (partId: string, account: TestAccount) => {
    const res = await call('POST', '/api/orders', account.cookie, {
      partId,
      quantity: 12,
      phone: '+1 555-010-2030',
      address: '12 Piston Road, Gearville',
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<{ id: string }>().id;
  };
  const intent = async (orderId: string, account: TestAccount) => {
    const res = await call('POST', `/api/orders/${orderId}/payment-intent`, account.cookie);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ clientSecret: string }>().clientSecret;
  };
  const order = (id: string) => ctx.database.db.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const part = (id: string) => ctx.database.db.selectFrom('parts').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  it('tells the admin how many unpaid orders the delete would cancel, and refuses it unconfirmed', async () => {
    const first = await signInAs(ctx.app, ctx.database.db, 'customer');
    const second = await signInAs(ctx.app, ctx.database.db, 'customer');
    const doomed = await insertPart(ctx.database.db, { stock: 100, name: 'Doomed gasket' });
    const unpaidA = await place(doomed.id, first);
    await place(doomed.id, second);
    const paid = await place(doomed.id, first);
    await ctx.database.db.updateTable('orders').set({ status: 'paid' }).where('id', '=', paid).execute();

    const count = await call('GET', `/api/parts/${doomed.id}/unpaid-orders`, admin.cookie);
    expect(count.statusCode).toBe(200);
    expect(count.json()).toEqual({ count: 2 });
    expect((await call('GET', `/api/parts/${doomed.id}/unpaid-orders`, first.cookie)).statusCode).toBe(403);
    expect((await call('GET', '/api/parts/no-such-part/unpaid-orders', admin.cookie)).statusCode).toBe(404);

    const refused = await call('DELETE', `/api/parts/${doomed.id}`, admin.cookie);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'conflict', detail: copy.partsAdmin.unpaidOrdersFirst(2) });
    // Nothing changed: the part is still on sale and its orders still open.
    expect((await call('GET', `/api/parts/${doomed.id}`)).statusCode).toBe(200);
    expect((await order(unpaidA)).status).toBe('pending_payment');
    expect((await call('DELETE', `/api/parts/${doomed.id}?cancelUnpaidOrders=maybe`, admin.cookie)).statusCode).toBe(400);
  });

  it('cancels the unpaid orders with the part, mails each customer, and keeps paid ones', async () => {
    const first = await signInAs(ctx.app, ctx.database.db, 'customer');
    const second = await signInAs(ctx.app, ctx.database.db, 'customer');
    const doomed = await insertPart(ctx.database.db, { stock: 100, name: 'Withdrawn gasket', price_cents: 500 });
    const unpaidA = await place(doomed.id, first);
    const unpaidB = await place(doomed.id, second);
    const paid = await place(doomed.id, first);
    await ctx.database.db.updateTable('orders').set({ status: 'paid' }).where('id', '=', paid).execute();
    await ctx.app.mailOutbox.drain();
    const sent = ctx.mailer.messages.length;

    const removed = await call('DELETE', `/api/parts/${doomed.id}?cancelUnpaidOrders=true`, admin.cookie);
    expect(removed.statusCode, removed.body).toBe(204);
    expect((await call('GET', `/api/parts/${doomed.id}`)).statusCode).toBe(404);
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
    const mine = await call('GET', '/api/me/orders?view=cancelled', second.cookie);
    expect(mine.json<{ items: { id: string; cancelReason: string }[] }>().items).toEqual([
      expect.objectContaining({ id: unpaidB, cancelReason: 'admin' }),
    ]);
  });

  it('refuses to pay an order of a deleted part, whatever its state, before any money moves', async () => {
    const buyer = await signInAs(ctx.app, ctx.database.db, 'customer');
    const doomed = await insertPart(ctx.database.db, { stock: 100 });
    const cancelledWithIt = await place(doomed.id, buyer);
    const clientSecret = await intent(cancelledWithIt, buyer);
    expect((await call('DELETE', `/api/parts/${doomed.id}?cancelUnpaidOrders=true`, admin.cookie)).statusCode).toBe(204);

    const paying = await call('POST', `/api/orders/${cancelledWithIt}/payment`, buyer.cookie, { clientSecret, card: goodCard });
    expect(paying.statusCode).toBe(409);
    expect(paying.json()).toMatchObject({ code: 'conflict', detail: copy.payment.partWithdrawn });
    const again = await call('POST', `/api/orders/${cancelledWithIt}/payment-intent`, buyer.cookie);
    expect(again.statusCode).toBe(409);
    expect(again.json().detail).toBe(copy.payment.partWithdrawn);

    // An order left unpaid on an archived part (archived some other way) is refused all the same.
    const other = await insertPart(ctx.database.db, { stock: 100 });
    const leftUnpaid = await place(other.id, buyer);
    const otherSecret = await intent(leftUnpaid, buyer);
    await ctx.database.db
      .updateTable('parts')
      .set({ archived_at: ctx.clock.now().toISOString() })
      .where('id', '=', other.id)
      .execute();
    const late = await call('POST', `/api/orders/${leftUnpaid}/payment`, buyer.cookie, {
      clientSecret: otherSecret,
      card: goodCard,
    });
    expect(late.statusCode).toBe(409);
    expect(late.json().detail).toBe(copy.payment.partWithdrawn);
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
    expect((await call('GET', `/api/parts/${unordered.id}/unpaid-orders`, admin.cookie)).json()).toEqual({ count: 0 });
    expect((await call('DELETE', `/api/parts/${unordered.id}`, admin.cookie)).statusCode).toBe(204);
    expect(await ctx.database.db.selectFrom('parts').select('id').where('id', '=', unordered.id).execute()).toEqual([]);
  });
});
