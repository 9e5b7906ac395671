import type { Db } from '../../db/database';
import type { CancelReason, OrderRow } from '../../db/schema';
import { releaseStocks } from '../parts';
import { cancelUnpaidOrders, isPartLine, linesOfOrders, lockUnpaidOrders, lockUnpaidOrdersRows } from './orders.repository';

/**
 * Cancels the orders of `orders` that are still unpaid and gives their lines' units back to stock,
 * inside the caller's transaction; the lines of `exceptPartId` (a part being removed from the
 * catalogue) stay out. Orders awaiting a company admin's approval count as unpaid; `declined` makes them
 * declined (with the reason and who) instead of cancelled. Answers the orders it cancelled, as they are
 * now: one already paid, cancelled or expired by someone else is left alone and gives nothing back.
 *
 * The rows it shares with other transactions are taken in the one order every transaction takes them
 * (docs/decisions/0029-one-lock-order.md): the customers' rows of unpaid orders, the orders' rows, the
 * stock of their parts in ascending part id, and only then the new status, whose triggers change the
 * shared counters that a booking, holding the customer and the stock, changes last.
 */
export async function cancelReleasingStock(
  trx: Db,
  orders: readonly Pick<OrderRow, 'id' | 'user_id'>[],
  reason: CancelReason,
  now: string,
  exceptPartId?: string,
  declined?: { reason: string; by: string },
): Promise<OrderRow[]> {
  await lockUnpaidOrdersRows(
    trx,
    orders.flatMap((order) => (order.user_id ? [order.user_id] : [])),
  );
  const unpaid = await lockUnpaidOrders(
    trx,
    orders.map((order) => order.id),
    declined ? ['awaiting_approval'] : undefined,
  );
  if (unpaid.length === 0) return [];
  const lines = [...(await linesOfOrders(trx, unpaid)).values()]
    .flat()
    .filter((line) => line.part_id !== exceptPartId && isPartLine(line));
  await releaseStocks(
    trx,
    lines.map((line) => ({ partId: line.part_id, quantity: line.quantity })),
  );
  const cancelled = await cancelUnpaidOrders(trx, unpaid, reason, now, declined);
  // The orders' rows are ours since they were found unpaid: every one of them is cancelled here.
  if (cancelled.length !== unpaid.length) throw new Error('an unpaid order changed while its row was locked');
  return cancelled;
}
