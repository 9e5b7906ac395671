import type { Clock } from '../../clock';
import type { Db } from '../../db/database';
import type { EventBus } from '../../events';
import type { Log } from '../../log';
import { periodicTask } from '../../periodic-task';
import { cancelReleasingStock } from './order-stock';
import { findOrder, findUnpaidOrdersBookedBefore } from './orders.repository';

export interface OrderExpiryDeps {
  clock: Clock;
  log: Log;
  /** ORDER_PAYMENT_WINDOW_HOURS. */
  paymentWindowHours: number;
  /** Where each expiry is announced (`orderCancelled` by `expiry`), once per order: not for one another node expired first. */
  events: EventBus;
  /**
   * Asked before an overdue order is cancelled: settles it when its provider took the money after
   * all (payments.settleTakenPayment) and answers whether it is paid now. A failure to ask leaves
   * the order for the next sweep rather than cancelling a charge.
   */
  paidMeanwhile?: ((orderId: string) => Promise<boolean>) | undefined;
}

/** How many overdue orders one query picks up; a sweep goes on until none is left. */
export const SWEEP_BATCH = 100;

/**
 * Cancels the orders left unpaid past the payment window and gives their stock back.
 *
 * Safe on several nodes at once and against a payment under way: each order is expired by one
 * conditional update (`… where status = 'pending_payment'`) inside the transaction that returns its
 * stock, so of two sweeps only one expires it and returns the stock, and an order marked paid first
 * is never expired. An order expired first is never marked paid: the payment's own conditional update
 * fails and the payment is refunded (payments.service).
 */
export function createOrderExpiry(db: Db, { clock, log, paymentWindowHours, events, paidMeanwhile }: OrderExpiryDeps) {
  async function expireOne(id: string, now: string): Promise<boolean> {
    return events.transaction(db, async ({ trx, announce }) => {
      const row = await findOrder(trx, id);
      const [order] = row ? await cancelReleasingStock(trx, [row], 'expired', now) : [];
      if (!order) return false;
      await announce('orderCancelled', { order, at: now, by: 'expiry' });
      return true;
    });
  }

  async function settledMeanwhile(id: string): Promise<boolean> {
    if (!paidMeanwhile) return false;
    try {
      return await paidMeanwhile(id);
    } catch (error) {
      log.warn(
        { err: error, orderId: id },
        'could not ask the payment provider about an overdue order; it waits for the next sweep',
      );
      return true;
    }
  }

  /** One pass; answers how many orders it expired. */
  async function sweep(): Promise<number> {
    const now = clock.now();
    const cutoff = new Date(now.getTime() - paymentWindowHours * 3_600_000).toISOString();
    let expired = 0;
    // Each batch starts after the last order the previous one tried, so an order another node expired
    // meanwhile, or one paid while the sweep ran, is not picked up again.
    let after: { createdAt: string; id: string } | undefined;
    for (;;) {
      const overdue = await findUnpaidOrdersBookedBefore(db, cutoff, SWEEP_BATCH, after);
      for (const { id } of overdue) {
        if (await settledMeanwhile(id)) continue;
        if (await expireOne(id, now.toISOString())) expired += 1;
      }
      const last = overdue.at(-1);
      if (overdue.length < SWEEP_BATCH || !last) return expired;
      after = { createdAt: last.created_at, id: last.id };
    }
  }

  return {
    sweep,
    /** Sweeps now and then every `intervalMs` (periodicTask: one pass at a time, failures logged). */
    ...periodicTask(sweep, {
      log,
      done: (count) => `expired ${count} unpaid order(s) past the payment window`,
      failed: 'the sweep of unpaid orders failed',
    }),
  };
}

export type OrderExpiry = ReturnType<typeof createOrderExpiry>;
