import type { Db } from '../../db/database';
import type { PaymentIntentRow, PaymentProviderName, PaymentRefundsTable } from '../../db/schema';

export async function findIntentOfOrder(db: Db, orderId: string): Promise<PaymentIntentRow | undefined> {
  return db.selectFrom('payment_intents').selectAll().where('order_id', '=', orderId).executeTakeFirst();
}

/** The intent only when it is this provider's and this order's: someone else's id finds nothing. */
export async function findIntentFor(
  db: Db,
  { id, orderId, provider }: { id: string; orderId: string; provider: PaymentProviderName },
): Promise<PaymentIntentRow | undefined> {
  return db
    .selectFrom('payment_intents')
    .selectAll()
    .where('id', '=', id)
    .where('order_id', '=', orderId)
    .where('provider', '=', provider)
    .executeTakeFirst();
}

/** Remembers an order's intent; a second one for the same order (a race of two) is dropped. */
export async function insertIntent(db: Db, row: PaymentIntentRow): Promise<void> {
  await db
    .insertInto('payment_intents')
    .values(row)
    .onConflict((oc) => oc.doNothing())
    .execute();
}

/** A leftover intent that never took money (the shop switched provider) makes way for a new one. */
export async function deleteUnpaidIntent(db: Db, id: string): Promise<void> {
  await db.deleteFrom('payment_intents').where('id', '=', id).where('status', 'in', ['requires_payment', 'failed']).execute();
}

/** Mirrors the provider's word that the intent took the money; a refunded intent stays refunded. */
export async function markIntentSucceeded(db: Db, id: string, transactionId: string, now: string): Promise<void> {
  await db
    .updateTable('payment_intents')
    .set({ status: 'succeeded', transaction_id: transactionId, updated_at: now })
    .where('id', '=', id)
    .where('status', 'in', ['requires_payment', 'failed'])
    .execute();
}

/** A card the provider declined: the intent stays open for another try. */
export async function markIntentFailed(db: Db, id: string, now: string): Promise<void> {
  await db
    .updateTable('payment_intents')
    .set({ status: 'failed', updated_at: now })
    .where('id', '=', id)
    .where('status', 'in', ['requires_payment', 'failed'])
    .execute();
}

/** Gives back the order's charge made by this transaction, once: only a succeeded intent turns refunded. */
export async function refundIntentOfTransaction(db: Db, orderId: string, transactionId: string, now: string): Promise<void> {
  await db
    .updateTable('payment_intents')
    .set({ status: 'refunded', updated_at: now })
    .where('order_id', '=', orderId)
    .where('transaction_id', '=', transactionId)
    .where('status', '=', 'succeeded')
    .execute();
}

export async function markIntentRefunded(db: Db, id: string, now: string): Promise<void> {
  await db
    .updateTable('payment_intents')
    .set({ status: 'refunded', updated_at: now })
    .where('id', '=', id)
    .where('status', '!=', 'refunded')
    .execute();
}

/** Records a handled webhook event by its id in one insert-or-ignore: answers true only for the first. */
export async function recordStripeEvent(db: Db, event: { id: string; type: string; receivedAt: string }): Promise<boolean> {
  const result = await db
    .insertInto('stripe_events')
    .values({ id: event.id, type: event.type, received_at: event.receivedAt })
    .onConflict((oc) => oc.column('id').doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

export async function hasStripeEvent(db: Db, id: string): Promise<boolean> {
  const row = await db.selectFrom('stripe_events').select('id').where('id', '=', id).executeTakeFirst();
  return row !== undefined;
}

/** A part of a charge given back, by the key it was asked with. */
export async function findRefundByKey(db: Db, idempotencyKey: string): Promise<{ refund_id: string } | undefined> {
  return db.selectFrom('payment_refunds').select('refund_id').where('idempotency_key', '=', idempotencyKey).executeTakeFirst();
}

/** What parts of the order's charge were given back so far. */
export async function refundedOfOrder(db: Db, orderId: string): Promise<number> {
  const row = await db
    .selectFrom('payment_refunds')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number | string>('amount_cents'), eb.lit(0)).as('sum'))
    .where('order_id', '=', orderId)
    .executeTakeFirst();
  // PostgreSQL answers a bigint sum as text.
  return Number(row?.sum ?? 0);
}

/** Records a part of a charge given back; a second record under the same key is dropped. */
export async function insertRefund(db: Db, row: PaymentRefundsTable): Promise<void> {
  await db
    .insertInto('payment_refunds')
    .values(row)
    .onConflict((oc) => oc.column('idempotency_key').doNothing())
    .execute();
}
