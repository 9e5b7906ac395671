import type { Db } from '../../db/database';
import type { OrderMails } from './order-mails';
import { cancelUnpaidOrdersOfPart, countUnpaidOrdersOfPart } from './orders.repository';

/**
 * What the catalogue needs from orders when a part is deleted: how many unpaid orders it has, and
 * cancelling them with it. A deleted part can no longer be shipped, so its unpaid orders are
 * cancelled by the shop (their stock is not returned: the part is gone) and each customer is mailed,
 * in the transaction that archives the part.
 */
export function createUnpaidOrdersOfPart(mails: Pick<OrderMails, 'partWithdrawn' | 'committed'>) {
  return {
    count: (db: Db, partId: string): Promise<number> => countUnpaidOrdersOfPart(db, partId),
    /** Inside the caller's transaction; answers how many it cancelled. */
    async cancelAll(trx: Db, partId: string, now: string): Promise<number> {
      const cancelled = await cancelUnpaidOrdersOfPart(trx, partId, now);
      for (const row of cancelled) await mails.partWithdrawn(trx, row, now);
      return cancelled.length;
    },
    /** After the commit of a transaction that cancelled some: their mails go out. */
    committed(): void {
      mails.committed();
    },
  };
}

export type UnpaidOrdersOfPart = ReturnType<typeof createUnpaidOrdersOfPart>;
