import type { Db } from '../../db/database';
import { lockUnpaidOrdersRowOfOrder, markOrderPaid } from './orders.repository';
import { nextYearlyNumber } from './yearly-numbers';

/** The next invoice number of `year` (`INV-2026-000042`), in the caller's transaction: gapless, unique. */
export function nextInvoiceNumber(trx: Db, year: number): Promise<string> {
  return nextYearlyNumber(trx, 'invoice_sequences', 'INV', year);
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
  await trx.updateTable('orders').set({ invoice_number: invoiceNumber, invoiced_at: paidAt }).where('id', '=', id).execute();
  return invoiceNumber;
}
