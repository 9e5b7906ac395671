import { chargedOf } from './charged';
import { type Db, isPostgres } from '../../db/database';
import type { CreditNoteRow, OrderRow } from '../../db/schema';
import { releaseStocks } from '../parts';
import { isPartLine, linesOfOrders } from './orders.repository';
import { nextYearlyNumber } from './yearly-numbers';

/**
 * The next credit note number of `year` (`CN-2026-000042`), in the caller's transaction, given as
 * invoice numbers are: a rolled-back cancellation gives its number back. No gap, no duplicate.
 */
export function nextCreditNoteNumber(trx: Db, year: number): Promise<string> {
  return nextYearlyNumber(trx, 'credit_note_sequences', 'CN', year);
}

/**
 * Cancels a paid (or confirmed, on account) order that has not shipped, gives its units back to stock and issues its credit note,
 * in the caller's transaction. Answers the order as cancelled and its credit note, or null when the
 * order was not paid (shipped, delivered, cancelled or unpaid: nothing changed).
 *
 * Rows are taken in the one lock order (docs/decisions/0029-one-lock-order.md): the order's row, the
 * stock of its parts in ascending part id, then the status change (whose triggers change the shared
 * counters and the parts' units sold), and the year's credit note counter last. A paid order holds
 * nothing in its customer's row of unpaid orders, so that row is not taken.
 */
export async function cancelPaidOrderWithCreditNote(
  trx: Db,
  id: string,
  now: string,
): Promise<{ order: OrderRow; creditNote: CreditNoteRow } | null> {
  // A confirmed order on account is invoiced as a paid one is: its credit note takes it off the balance.
  const query = trx.selectFrom('orders').select('id').where('id', '=', id).where('status', 'in', ['paid', 'confirmed']);
  const paid = await (isPostgres(trx) ? query.forNoKeyUpdate() : query).executeTakeFirst();
  if (!paid) return null;
  // A core deposit holds no stock: only the parts' units go back.
  const lines = ((await linesOfOrders(trx, [id])).get(id) ?? []).filter(isPartLine);
  await releaseStocks(
    trx,
    lines.map((line) => ({ partId: line.part_id, quantity: line.quantity })),
  );
  const order = await trx
    .updateTable('orders')
    .set({ status: 'cancelled', cancel_reason: 'admin', updated_at: now })
    .where('id', '=', id)
    .where('status', 'in', ['paid', 'confirmed'])
    .returningAll()
    .executeTakeFirst();
  // The row is ours since it was found paid.
  if (!order?.invoice_number) throw new Error(`paid order ${id} changed while its row was locked`);
  const creditNote: CreditNoteRow = {
    number: await nextCreditNoteNumber(trx, new Date(now).getUTCFullYear()),
    order_id: order.id,
    invoice_number: order.invoice_number,
    reason: 'cancelled',
    goods_cents: chargedOf(order).goodsCents,
    delivery_cents: Number(order.delivery_cents),
    taxes: order.taxes,
    total_cents: Number(order.total_cents),
    issued_at: now,
  };
  await trx.insertInto('credit_notes').values(creditNote).execute();
  return { order, creditNote };
}

/** The credit notes of these orders, oldest first, in one query. */
export async function creditNotesOfOrders(db: Db, orderIds: readonly string[]): Promise<Map<string, CreditNoteRow[]>> {
  const byOrder = new Map<string, CreditNoteRow[]>();
  if (orderIds.length === 0) return byOrder;
  const rows = await db
    .selectFrom('credit_notes')
    .selectAll()
    .where('order_id', 'in', [...orderIds])
    .orderBy('order_id')
    .orderBy('issued_at')
    .execute();
  for (const row of rows) byOrder.set(row.order_id, [...(byOrder.get(row.order_id) ?? []), row]);
  return byOrder;
}

export async function findCreditNote(db: Db, number: string): Promise<CreditNoteRow | undefined> {
  return db.selectFrom('credit_notes').selectAll().where('number', '=', number).executeTakeFirst();
}

/**
 * Orders with a credit note whose card payment is still recorded as taken (the provider's refund
 * marks the intent refunded): a refund the node did not get to make, oldest credit note first.
 */
export async function creditedOrdersNotRefunded(db: Db, limit: number): Promise<string[]> {
  const rows = await db
    .selectFrom('credit_notes')
    .innerJoin('payment_intents', 'payment_intents.order_id', 'credit_notes.order_id')
    .select('credit_notes.order_id')
    // A return's credit note refunds a part of the charge through the returns module, once per return.
    .where('credit_notes.reason', '=', 'cancelled')
    .where('payment_intents.status', '=', 'succeeded')
    .orderBy('credit_notes.issued_at')
    .limit(limit)
    .execute();
  return rows.map((row) => row.order_id);
}

/** What a credited return gives back of its order: the returned lines' goods, and whether delivery is owed too. */
export interface ReturnCredit {
  orderId: string;
  /** The returned units at the prices they were invoiced at, net of tax. */
  goodsCents: number;
  /** Every line of the order came back as the wrong part or damaged: delivery is refunded, once per order. */
  withDelivery: boolean;
  now: string;
}

/**
 * Issues the credit note of a credited return (reason `returned`), in the caller's transaction, numbered
 * as every credit note is. Its tax is the order's, rate by rate, in the share of the order's net
 * figures the credit takes back; delivery is credited only when owed and not credited before on the
 * order. Answers undefined when the order has no invoice (nothing written).
 */
export async function issueReturnCreditNote(trx: Db, credit: ReturnCredit): Promise<CreditNoteRow | undefined> {
  const order = await trx.selectFrom('orders').selectAll().where('id', '=', credit.orderId).executeTakeFirst();
  if (!order?.invoice_number) return undefined;
  const charged = chargedOf(order);
  const deliveryCredited = await trx
    .selectFrom('credit_notes')
    .select('number')
    .where('order_id', '=', order.id)
    .where('reason', '=', 'returned')
    .where('delivery_cents', '>', 0)
    .executeTakeFirst();
  const deliveryCents = credit.withDelivery && !deliveryCredited ? charged.deliveryCents : 0;
  const netCharged = charged.goodsCents + charged.deliveryCents;
  const share = netCharged === 0 ? 0 : (credit.goodsCents + deliveryCents) / netCharged;
  const taxes = charged.taxes.map((tax) => ({
    ...tax,
    baseCents: Math.round(tax.baseCents * share),
    amountCents: Math.round(tax.amountCents * share),
  }));
  const creditNote: CreditNoteRow = {
    number: await nextCreditNoteNumber(trx, new Date(credit.now).getUTCFullYear()),
    order_id: order.id,
    invoice_number: order.invoice_number,
    reason: 'returned',
    goods_cents: credit.goodsCents,
    delivery_cents: deliveryCents,
    taxes: JSON.stringify(taxes),
    total_cents: credit.goodsCents + deliveryCents + taxes.reduce((sum, tax) => sum + tax.amountCents, 0),
    issued_at: credit.now,
  };
  await trx.insertInto('credit_notes').values(creditNote).execute();
  return creditNote;
}
