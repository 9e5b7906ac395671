import { expect, it, vi } from 'vitest';
import { signedInCustomer } from '../../testing/accounts';
import { testApi } from '../../testing/api';
import { insertPart } from '../../testing/factories';
import { ORDERS_CANNOT_BE_PAID, whileWritesFail } from '../../testing/failing-writes';
import { GOOD_CARD, openPayment, placedOrder, stockOf } from '../../testing/orders';
import { describeOnEachEngine, TEST_NOW } from '../../testing/test-app';

const PAST_THE_PAY_BY_TIME = 49 * 3_600_000;

describeOnEachEngine('a charge the shop failed to record (sandbox)', (ctx) => {
  const api = testApi(ctx);
  const orderRow = (id: string) =>
    ctx.database.db.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const intentRow = (orderId: string) =>
    ctx.database.db.selectFrom('payment_intents').selectAll().where('order_id', '=', orderId).executeTakeFirstOrThrow();

  /** A customer's order whose card was charged while the database failed to mark it paid (an error answered). */
  async function chargedButUnpaid() {
    const customer = await signedInCustomer(ctx);
    const part = await insertPart(ctx.database.db, { price_cents: 1000, stock: 100 });
    const { id } = await placedOrder(ctx, customer, part.id);
    const clientSecret = await openPayment(ctx, customer, id);
    const res = await whileWritesFail(ctx.database, [ORDERS_CANNOT_BE_PAID], () =>
      api.as(customer).post(`/api/orders/${id}/payment`, { clientSecret, card: GOOD_CARD }),
    );
    expect(res.status).toBeGreaterThanOrEqual(500);
    expect(await orderRow(id)).toMatchObject({ status: 'pending_payment', transaction_id: null });
    expect(await intentRow(id)).toMatchObject({ status: 'succeeded' });
    return { customer, orderId: id, partId: part.id };
  }

  it('is found by the expiry sweep, which marks the order paid instead of cancelling it', async () => {
    const { orderId, partId } = await chargedButUnpaid();
    const { transaction_id } = await intentRow(orderId);
    ctx.clock.advance(PAST_THE_PAY_BY_TIME);
    try {
      await ctx.app.orderExpiry.sweep();
    } finally {
      ctx.clock.set(TEST_NOW);
    }
    expect(await orderRow(orderId)).toMatchObject({ status: 'paid', transaction_id, cancel_reason: null });
    expect((await orderRow(orderId)).invoice_number).not.toBeNull();
    expect(await intentRow(orderId)).toMatchObject({ status: 'succeeded' });
    expect(await stockOf(ctx.database.db, partId)).toBe(88);
  });

  it('is paid by the customer paying again, charging nothing more', async () => {
    const { customer, orderId } = await chargedButUnpaid();
    const { transaction_id, client_secret } = await intentRow(orderId);
    const again = await api.as(customer).post(`/api/orders/${orderId}/payment`, { clientSecret: client_secret, card: GOOD_CARD });
    expect(again.status, again.body).toBe(200);
    expect(again.json).toEqual({ status: 'succeeded', transactionId: transaction_id });
    expect(await orderRow(orderId)).toMatchObject({ status: 'paid', transaction_id });
  });

  it('is given back when the customer cancels the order instead', async () => {
    const { customer, orderId, partId } = await chargedButUnpaid();
    const res = await api.as(customer).delete(`/api/orders/${orderId}`);
    expect(res.status, res.body).toBe(200);
    expect(await orderRow(orderId)).toMatchObject({ status: 'cancelled' });
    expect(await stockOf(ctx.database.db, partId)).toBe(100);
    await vi.waitFor(async () => expect(await intentRow(orderId)).toMatchObject({ status: 'refunded' }));
  });
});
