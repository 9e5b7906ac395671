import { chargedOf } from './charged';
import { type Db, isPostgres } from '../../db/database';
import type { CreditNoteRow, OrderRow } from '../../db/schema';
import { releaseStocks } from '../parts';
import { linesOfOrders } from './orders.repository';
import { nextYearlyNumber } from './yearly-numbers';

/**
 * The next credit note number of `year` (`CN-2026-000042`), in the caller's transaction, given as
 * invoice numbers are: a rolled-back cancellation gives its number back. No gap, no duplicate.
 */
export function nextCreditNoteNumber(trx: Db, year: number): Promise<string> {
  return nextYearlyNumber(trx, 'credit_note_sequences', 'CN', year);
}

/**
 * Cancels a paid order that has not shipped, gives its units back to stock and issues its credit note,
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
  const query = trx.selectFrom('orders').select('id').where('id', '=', id).where('status', '=', 'paid');
  const paid = await (isPostgres(trx) ? query.forNoKeyUpdate() : query).executeTakeFirst();
  if (!paid) return null;
  const lines = (await linesOfOrders(trx, [id])).get(id) ?? [];
  await releaseStocks(
    trx,
    lines.map((line) => ({ partId: line.part_id, quantity: line.quantity })),
  );
  const order = await trx
    .updateTable('orders')
    .set({ status: 'cancelled', cancel_reason: 'admin', updated_at: now })
    .where('id', '=', id)
    .where('status', '=', 'paid')
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
    .where('payment_intents.status', '=', 'succeeded')
    .orderBy('credit_notes.issued_at')
    .limit(limit)
    .execute();
  return rows.map((row) => row.order_id);
}
