import type { Db } from '../../db/database';
import { lockUnpaidOrdersRowOfOrder, markOrderPaid } from './orders.repository';

/** `INV-2026-000042`: the year of payment (UTC) and the number within it, six digits at least. */
export function invoiceNumberOf(year: number, n: number): string {
  return `INV-${year}-${String(n).padStart(6, '0')}`;
}

/**
 * The next invoice number of `year`, in the caller's transaction (docs/decisions/0020-invoice-numbers.md).
 * The year's row is made if missing, then raised by one statement: on PostgreSQL that update holds the
 * row's lock until the payment commits, so concurrent payers take turns (no duplicate), and a payment
 * that rolls back gives its number back (no gap). SQLite runs one writing transaction at a time.
 */
export async function nextInvoiceNumber(trx: Db, year: number): Promise<string> {
  await trx
    .insertInto('invoice_sequences')
    .values({ year, last: 0 })
    .onConflict((oc) => oc.column('year').doNothing())
    .execute();
  const row = await trx
    .updateTable('invoice_sequences')
    .set((eb) => ({ last: eb('last', '+', 1) }))
    .where('year', '=', year)
    .returning('last')
    .executeTakeFirstOrThrow();
  return invoiceNumberOf(year, Number(row.last));
}

/**
 * Marks an unpaid order paid (one conditional statement, `markOrderPaid`) and gives it the next
 * invoice number of the payment's year (UTC). Must run in the payment's transaction, so that the
 * order is never paid without its number nor a number taken without its payment. Answers the
 * number, or null when the order was not unpaid (and nothing changed).
 *
 * The rows a payment shares with other transactions are taken in the order every transaction takes
 * them (docs/decisions/0029-one-lock-order.md): the customer's row of unpaid orders first, then the
 * order's row with what its triggers change (the shared counters, then its parts' units sold in
 * ascending part id), and the year's invoice counter last.
 */
export async function markOrderPaidWithInvoice(
  trx: Db,
  id: string,
  transactionId: string,
  paidAt: string,
): Promise<string | null> {
  await lockUnpaidOrdersRowOfOrder(trx, id);
  if (!(await markOrderPaid(trx, id, transactionId, paidAt))) return null;
  const invoiceNumber = await nextInvoiceNumber(trx, new Date(paidAt).getUTCFullYear());
  await trx.updateTable('orders').set({ invoice_number: invoiceNumber }).where('id', '=', id).execute();
  return invoiceNumber;
}
