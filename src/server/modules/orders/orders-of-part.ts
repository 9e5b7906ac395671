import type { Db } from '../../db/database';
import type { Tx } from '../../events';
import { cancelReleasingStock } from './order-stock';
import { countUnpaidOrdersOfPart, partWasOrdered, unpaidOrdersOfPart } from './orders.repository';

/**
 * What the catalogue needs from orders when a part is removed: whether it was ever ordered (then it
 * is archived, not deleted), how many unpaid orders it has, and cancelling them with it. A removed
 * part can no longer be shipped, so its unpaid orders are cancelled by the shop (the removed part's
 * units are not returned, it is gone; their other lines' are), each announced as `orderCancelled` by `partRemoved` in the
 * transaction that archives the part.
 */
export const ordersOfPart = {
  wasOrdered: (db: Db, partId: string): Promise<boolean> => partWasOrdered(db, partId),
  countUnpaid: (db: Db, partId: string): Promise<number> => countUnpaidOrdersOfPart(db, partId),
  /** Inside the caller's transaction; answers how many it cancelled. */
  async cancelUnpaid({ trx, announce }: Tx, partId: string, now: string): Promise<number> {
    // The part's own stock row is locked already (archiveLivePart): removing a part is the one change
    // that starts from a part rather than a customer (docs/decisions/0029-one-lock-order.md).
    const cancelled = await cancelReleasingStock(trx, await unpaidOrdersOfPart(trx, partId), 'admin', now, partId);
    for (const order of cancelled) await announce('orderCancelled', { order, at: now, by: 'partRemoved' });
    return cancelled.length;
  },
};

export type OrdersOfPart = typeof ordersOfPart;
