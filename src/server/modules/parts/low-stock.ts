import { lowStockLine, tookUnderLowStockLine } from '#shared/stock';
import type { Db } from '../../db/database';
import type { StockTaken } from '../../events';
import { enqueueMail, lowStockMail } from '../mail';
import { adminRecipients } from '../users';

/**
 * The mail every admin gets when an order takes a part's stock under its low-stock line (its own
 * threshold, else twice its minimum order; docs/shop-rules.md, "Running the business"): once per
 * crossing, not once per order.
 * Run inside the order's transaction, after its stock is taken, on the part's row as the taking left
 * it: the row is then the order's own, locked until it commits, so of two orders racing for the last
 * units exactly one sees its stock go from at or over the line to under it. Stock given back (a
 * cancelled order, a restock) lifts the part over the line again, and the next crossing mails again.
 */
export function createLowStockMails({ publicUrl }: { publicUrl: string }) {
  const overviewLink = `${publicUrl}/dashboard/overview`;
  return {
    async afterStockTaken(trx: Db, taken: readonly StockTaken[], now: string): Promise<void> {
      const crossed = taken.map((part) => ({ ...part, line: lowStockLine(part) })).filter(tookUnderLowStockLine);
      if (crossed.length === 0) return;
      const admins = await adminRecipients(trx);
      for (const { name, sku, stock, line } of crossed) {
        for (const admin of admins) {
          await enqueueMail(trx, lowStockMail(admin, { name, sku, stock, line }, overviewLink), now);
        }
      }
    },
  };
}

export type LowStockMails = ReturnType<typeof createLowStockMails>;
