import type { Db } from '../../db/database';
import type { Log } from '../../log';
import { periodicTask } from '../../periodic-task';
import { creditedOrdersNotRefunded } from './credit-notes.repository';

export interface CreditRefundsDeps {
  log: Log;
  /** Gives back the card payment of a cancelled order, once however often asked (payments.refundTakenPayment). */
  refund: (orderId: string) => Promise<void>;
  /** Refunds the credited returns whose refund was lost, once each (returns.refundOwed); answers how many. */
  refundReturns?: () => Promise<number>;
}

/** How many credited orders one pass refunds. */
export const CREDIT_REFUND_BATCH = 100;

/**
 * The recovery of refunds owed for credit notes (docs/decisions/0037-credit-notes-and-refunds.md): a
 * paid order an admin cancelled is refunded just after its cancellation commits; a node that stopped
 * (or a provider that failed) in between leaves the order's intent recorded as taken, and this pass
 * refunds it. The provider's refund is keyed per order and transaction, so a refund made but not
 * recorded is not made again. The same pass refunds credited returns whose refund was lost
 * (docs/decisions/0046-returns-credited-as-a-step-of-their-own.md), keyed by the return.
 */
export function createCreditRefunds(db: Db, { log, refund, refundReturns }: CreditRefundsDeps) {
  async function sweep(): Promise<number> {
    let refunded = 0;
    for (const orderId of await creditedOrdersNotRefunded(db, CREDIT_REFUND_BATCH)) {
      try {
        await refund(orderId);
        refunded += 1;
      } catch (error) {
        log.warn({ err: error, orderId }, 'could not refund a credited order; it waits for the next pass');
      }
    }
    if (refundReturns) refunded += await refundReturns();
    return refunded;
  }
  return {
    sweep,
    ...periodicTask(sweep, {
      log,
      done: (count) => `refunded ${count} credited order(s) left unrefunded`,
      failed: 'the refund of credited orders failed',
    }),
  };
}

export type CreditRefunds = ReturnType<typeof createCreditRefunds>;
