import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Clock } from '../../clock';
import { insertOrder, insertPart } from '../../testing/factories';
import { StripeStandIn } from '../../testing/stripe-stand-in';
import { describeOnEachEngine, TEST_NOW, type TestContext } from '../../testing/test-app';
import { SandboxProvider } from './sandbox-provider';
import { StripeProvider } from './stripe-provider';

/** A delivered order of $300.00. */
async function deliveredOrder(ctx: TestContext): Promise<string> {
  const part = await insertPart(ctx.database.db);
  const order = await insertOrder(ctx.database.db, {
    part_id: part.id,
    unit_price_cents: 2500,
    quantity: 12,
    status: 'delivered',
  });
  return order.id;
}

/** A delivered order whose sandbox intent took its $300.00. */
async function chargedOrder(ctx: TestContext, intentId: string): Promise<string> {
  const orderId = await deliveredOrder(ctx);
  await ctx.database.db
    .insertInto('payment_intents')
    .values({
      id: intentId,
      order_id: orderId,
      provider: 'sandbox',
      client_secret: `${intentId}_secret_x`,
      amount_cents: 30_000,
      status: 'succeeded',
      transaction_id: intentId,
      created_at: TEST_NOW,
      updated_at: TEST_NOW,
    })
    .execute();
  return orderId;
}

const refundsOf = (ctx: TestContext, orderId: string) =>
  ctx.database.db.selectFrom('payment_refunds').selectAll().where('order_id', '=', orderId).execute();

describeOnEachEngine('partial refunds by amount, once per key', (ctx) => {
  let stripe: StripeStandIn;
  beforeAll(async () => {
    stripe = await new StripeStandIn().start();
  });
  afterAll(async () => {
    await stripe?.stop();
  });

  it('Stripe: asking twice with one key refunds once, and the charge stays taken', async () => {
    const provider = new StripeProvider(ctx.database.db, ctx.clock as Clock, {
      secretKey: 'sk_test_gearhouse',
      publishableKey: 'pk_test_gearhouse',
      api: stripe.api,
    });
    const orderId = await deliveredOrder(ctx);
    const created = await provider.createIntent({
      orderId,
      amountCents: 30_000,
      currency: 'USD',
      idempotencyKey: `order:${orderId}`,
    });
    stripe.succeed(created.intentId);
    const input = { orderId, transactionId: created.intentId, amountCents: 7_500, idempotencyKey: 'return:r-1' };
    const first = await provider.refundAmount(input);
    // The shop lost the answer and asks again with the same key.
    const again = await provider.refundAmount(input);
    expect(again.refundId).toBe(first.refundId);
    expect(stripe.refunds.filter((refund) => refund.payment_intent === created.intentId)).toEqual([
      expect.objectContaining({ id: first.refundId, amount: 7_500 }),
    ]);
    expect((await refundsOf(ctx, orderId)).map((row) => [row.refund_id, Number(row.amount_cents)])).toEqual([
      [first.refundId, 7_500],
    ]);
  });

  it('sandbox: asking twice with one key refunds once; more than the charge has left is refused', async () => {
    const provider = new SandboxProvider(ctx.database.db, ctx.clock as Clock);
    const intentId = `pi_sandbox_${Date.now()}`;
    const orderId = await chargedOrder(ctx, intentId);
    const input = { orderId, transactionId: intentId, amountCents: 20_000, idempotencyKey: 'return:r-2' };
    const first = await provider.refundAmount(input);
    expect((await provider.refundAmount(input)).refundId).toBe(first.refundId);
    await expect(provider.refundAmount({ ...input, idempotencyKey: 'return:r-3', amountCents: 10_001 })).rejects.toThrow(
      /less than/,
    );
    expect((await provider.refundAmount({ ...input, idempotencyKey: 'return:r-4', amountCents: 10_000 })).refundId).not.toBe(
      first.refundId,
    );
    expect((await refundsOf(ctx, orderId)).map((row) => Number(row.amount_cents)).sort()).toEqual([10_000, 20_000]);
    const intent = await ctx.database.db
      .selectFrom('payment_intents')
      .select('status')
      .where('id', '=', intentId)
      .executeTakeFirst();
    expect(intent?.status).toBe('succeeded');
  });
});
