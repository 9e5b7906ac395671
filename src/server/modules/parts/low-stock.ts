import { lowStockLine } from '#shared/stock';
import type { Db } from '../../db/database';
import { enqueueMail, lowStockMail } from '../mail';
import { adminRecipients } from '../users';

/**
 * The mail every admin gets when an order takes a part's stock under its low-stock line (its own
 * threshold, else twice its minimum order; docs/shop-rules.md, "Running the business"): once per
 * crossing, not once per order.
 * Run inside the order's transaction, after its stock is taken: the part's row is then the order's
 * own, locked until it commits, so of two orders racing for the last units exactly one sees its stock
 * go from at or over the line to under it. Stock given back (a cancelled order, a restock) lifts the
 * part over the line again, and the next crossing mails again.
 */
export function createLowStockMails({ publicUrl }: { publicUrl: string }) {
  const overviewLink = `${publicUrl}/dashboard/overview`;
  return {
    async afterStockTaken(trx: Db, taken: readonly { partId: string; quantity: number }[], now: string): Promise<void> {
      if (taken.length === 0) return;
      const parts = await trx
        .selectFrom('parts')
        .select(['id', 'name', 'sku', 'stock', 'min_order_quantity', 'low_stock_threshold'])
        .where(
          'id',
          'in',
          taken.map((line) => line.partId),
        )
        .execute();
      const quantityOf = new Map(taken.map((line) => [line.partId, line.quantity]));
      const crossed = parts
        .map((part) => ({
          ...part,
          line: lowStockLine({ minOrderQuantity: part.min_order_quantity, lowStockThreshold: part.low_stock_threshold }),
        }))
        .filter(({ stock, line, id }) => stock < line && stock + (quantityOf.get(id) ?? 0) >= line);
      if (crossed.length === 0) return;
      const admins = await adminRecipients(trx);
      for (const { line, ...part } of crossed) {
        for (const admin of admins) {
          await enqueueMail(
            trx,
            lowStockMail(admin, { name: part.name, sku: part.sku, stock: part.stock, line }, overviewLink),
            now,
          );
        }
      }
    },
  };
}

export type LowStockMails = ReturnType<typeof createLowStockMails>;
