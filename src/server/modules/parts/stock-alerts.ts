import * as copy from '#shared/copy';
import { paths } from '#shared/paths';
import { MAX_STOCK_ALERTS, type StockAlertList } from '#shared/schemas/stock-alerts';
import { isInStock } from '#shared/stock';
import { AppError } from '../../app-error';
import type { Clock } from '../../clock';
import type { Db } from '../../db/database';
import type { Write } from '../../db/write-together';
import type { EventBus } from '../../events';
import type { SessionUser } from '../../session-user';
import { backInStockMail, outboxMail } from '../mail';
import { recipientsByIds } from '../users';
import {
  claimStockAlerts,
  countStockAlertsOf,
  deleteStockAlert,
  hasStockAlert,
  insertStockAlert,
  lockLivePartStock,
  stockAlertsOf,
} from './stock-alerts.repository';

/**
 * "Notify me" on a sold-out part (docs/shop-rules.md, "Back in stock"): a customer asks on the part's
 * page, and is mailed once when the part can be ordered again.
 */
export function createStockAlertsService(db: Db, { clock, events }: { clock: Clock; events: EventBus }) {
  return {
    async mine(user: SessionUser): Promise<StockAlertList> {
      const rows = await stockAlertsOf(db, user.id);
      return { items: rows.map((row) => ({ partId: row.part_id, createdAt: row.created_at })) };
    },

    /**
     * Asks to be told when the part is back: a part that is not on sale is 404, one that can be
     * ordered now 409 (there is nothing to wait for). Asking again changes nothing. Checked and
     * written with the part's stock row held (stock-alerts.repository), so a restock at the same
     * moment either comes first (409) or finds the request and mails it.
     */
    async request(user: SessionUser, partId: string): Promise<void> {
      await events.transaction(db, async ({ trx }) => {
        const part = await lockLivePartStock(trx, partId);
        if (!part) throw new AppError('not_found', copy.part.notFound);
        if (isInStock(part)) throw new AppError('conflict', copy.stockAlerts.inStock);
        if (await hasStockAlert(trx, user.id, partId)) return;
        if ((await countStockAlertsOf(trx, user.id)) >= MAX_STOCK_ALERTS) {
          throw new AppError('business_rule', copy.stockAlerts.tooMany(MAX_STOCK_ALERTS));
        }
        await insertStockAlert(trx, { userId: user.id, partId, now: clock.now().toISOString() });
      });
    },

    /**
     * Stops waiting for the part. Not waiting is no error, the outcome being the same; an archived part's
     * request can be stopped too. An id that names no part is 404.
     */
    async cancel(user: SessionUser, partId: string): Promise<void> {
      if (!(await deleteStockAlert(db, user.id, partId))) throw new AppError('not_found', copy.part.notFound);
    },
  };
}

export type StockAlertsService = ReturnType<typeof createStockAlertsService>;

/**
 * The mail to everyone waiting for a part that stock given back or set by an admin made orderable
 * again, in that change's transaction (subscribed in consequences.ts): each request is deleted as its
 * mail is written, so a crash loses neither and a second change sends nothing more.
 */
export function createStockAlertMails({ publicUrl }: { publicUrl: string }) {
  return {
    async afterStockBack(trx: Db, partIds: readonly string[], now: string): Promise<Write[]> {
      const claimed = await claimStockAlerts(trx, partIds);
      if (claimed.length === 0) return [];
      const recipients = await recipientsByIds(
        trx,
        claimed.flatMap(({ userIds }) => userIds),
      );
      return claimed.flatMap(({ part, userIds }) =>
        userIds.flatMap((userId) => {
          const to = recipients.get(userId);
          return to ? [outboxMail(trx, backInStockMail(to, part, `${publicUrl}${paths.part(part.id)}`), now)] : [];
        }),
      );
    },
  };
}

export type StockAlertMails = ReturnType<typeof createStockAlertMails>;
