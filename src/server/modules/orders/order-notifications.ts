import type { Db } from '../../db/database';
import type { OrderRow } from '../../db/schema';
import type { Log } from '../../log';
import {
  type Mailer,
  type MailMessage,
  orderExpiredMail,
  type OrderMailFacts,
  orderPaidMail,
  orderPlacedMail,
  orderShippedMail,
} from '../mail';
import { findOrder } from './orders.repository';
import { payByOf } from './orders.service';

export interface OrderNotifierDeps {
  db: Db;
  mailer: Mailer;
  log: Log;
  publicUrl: string;
  paymentWindowHours: number;
}

/**
 * Tells the customer by mail when their order is placed, paid, shipped or expired. A mail never holds
 * up or fails the request that caused it: it is sent in the background, and a failure is logged.
 * `drain()` waits for the mails under way (the app awaits it when it closes).
 */
export function createOrderNotifier({ db, mailer, log, publicUrl, paymentWindowHours }: OrderNotifierDeps) {
  const pending = new Set<Promise<void>>();
  const ordersLink = `${publicUrl}/dashboard`;

  function facts(row: OrderRow): OrderMailFacts {
    return {
      customer: { email: row.customer_email, name: row.customer_name },
      partName: row.part_name,
      quantity: row.quantity,
      totalCents: Number(row.total_cents),
      address: row.address,
      transactionId: row.transaction_id,
      payBy: payByOf(row.created_at, paymentWindowHours),
    };
  }

  function notify(orderId: string, kind: string, build: (row: OrderRow) => MailMessage, known?: OrderRow): void {
    const sending = (async () => {
      // Read the order as it is now: the mail says what happened, with the copied name and address.
      // A just-placed order is passed in as written, in the same transaction: no second read.
      const row = known ?? (await findOrder(db, orderId));
      if (row) await mailer.send(build(row));
    })()
      .catch((error: unknown) => log.error({ err: error, orderId, kind }, `order mail "${kind}" could not be sent`))
      .finally(() => pending.delete(sending));
    pending.add(sending);
  }

  return {
    placed: (order: OrderRow) => notify(order.id, 'placed', (row) => orderPlacedMail(facts(row), ordersLink), order),
    paid: (orderId: string) => notify(orderId, 'paid', (row) => orderPaidMail(facts(row), ordersLink)),
    shipped: (orderId: string) => notify(orderId, 'shipped', (row) => orderShippedMail(facts(row), ordersLink)),
    expired: (orderId: string) =>
      notify(orderId, 'expired', (row) =>
        orderExpiredMail(facts(row), paymentWindowHours, `${publicUrl}/part/${encodeURIComponent(row.part_id)}`),
      ),
    async drain(): Promise<void> {
      while (pending.size > 0) await Promise.allSettled([...pending]);
    },
  };
}

export type OrderNotifier = ReturnType<typeof createOrderNotifier>;
