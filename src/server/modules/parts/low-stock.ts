import { lowStockLine, tookUnderLowStockLine } from '#shared/stock';
import type { Db } from '../../db/database';
import type { StockTaken } from '../../events';
import { enqueueMail, lowStockMail } from '../mail';
import { adminRecipients } from '../users';
import { rearmLowStockAlert, spendLowStockAlert } from './low-stock-alerts.repository';

/** The least time between two low-stock mails about one part, whatever armed the alert again. */
export const LOW_STOCK_MAIL_COOLDOWN_MS = 24 * 60 * 60 * 1000;

/**
 * The mail every admin gets when an order takes a part's stock under its low-stock line (its own
 * threshold, else twice its minimum order; docs/shop-rules.md, "Low stock"): once per crossing, not
 * once per order, and then not again until an admin restocks the part (`afterAdminChange`).
 * Stock given back by a cancelled or expired order does not arm it again: else booking and cancelling
 * in a loop would mail every admin at each turn. Nor does anything send more than one a day about a
 * part (`LOW_STOCK_MAIL_COOLDOWN_MS`), whatever re-armed it.
 * Run inside the order's transaction, after its stock is taken, on the part's row as the taking left
 * it: the row is then the order's own, locked until it commits, so of two orders racing for the last
 * units exactly one sees its stock go from at or over the line to under it; and the alert is spent
 * by one conditional statement besides.
 */
export function createLowStockMails({ publicUrl }: { publicUrl: string }) {
  const overviewLink = `${publicUrl}/dashboard/overview`;
  return {
    async afterStockTaken(trx: Db, taken: readonly StockTaken[], now: string): Promise<void> {
      const crossed = taken.map((part) => ({ ...part, line: lowStockLine(part) })).filter(tookUnderLowStockLine);
      if (crossed.length === 0) return;
      const lastMailedBy = new Date(Date.parse(now) - LOW_STOCK_MAIL_COOLDOWN_MS).toISOString();
      const admins = await adminRecipients(trx);
      for (const { partId, name, sku, stock, line } of crossed) {
        if (!(await spendLowStockAlert(trx, { partId, now, lastMailedBy }))) continue;
        for (const admin of admins) {
          await enqueueMail(trx, lowStockMail(admin, { name, sku, stock, line }, overviewLink), now);
        }
      }
    },
  };
}

/**
 * An admin's change of a part, in its transaction: a restock (or a new line) that leaves the stock at
 * or over the low-stock line arms the part's alert again, so that the next crossing mails.
 */
export async function afterAdminChange(
  trx: Db,
  part: { id: string; stock: number; minOrderQuantity: number; lowStockThreshold: number | null },
  now: string,
): Promise<void> {
  if (part.stock >= lowStockLine(part)) await rearmLowStockAlert(trx, part.id, now);
}

export type LowStockMails = ReturnType<typeof createLowStockMails>;
