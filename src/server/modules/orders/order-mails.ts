import type { Db } from '../../db/database';
import type { OrderRow } from '../../db/schema';
import {
  enqueueMail,
  orderCancelledByShopMail,
  orderExpiredMail,
  type OrderMailFacts,
  orderPaidMail,
  orderPlacedMail,
  orderShippedMail,
} from '../mail';
import { payByOf } from './orders.service';

export interface OrderMailsDeps {
  publicUrl: string;
  paymentWindowHours: number;
}

/**
 * The customer's mail when their order is placed, paid, shipped, cancelled by the shop (an admin, or
 * the deletion of its part) or expired. Each is written into the mail outbox with the transaction
 * (`trx`) that makes the change, from the order as it is after the change, so the mail exists exactly
 * when the change does and says what happened (subscribed to the order events in consequences.ts).
 */
export function createOrderMails({ publicUrl, paymentWindowHours }: OrderMailsDeps) {
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

  return {
    placed: (trx: Db, row: OrderRow, now: string) => enqueueMail(trx, orderPlacedMail(facts(row), ordersLink), now),
    paid: (trx: Db, row: OrderRow, now: string) => enqueueMail(trx, orderPaidMail(facts(row), ordersLink), now),
    shipped: (trx: Db, row: OrderRow, now: string) => enqueueMail(trx, orderShippedMail(facts(row), ordersLink), now),
    cancelledByShop: (trx: Db, row: OrderRow, now: string) =>
      enqueueMail(trx, orderCancelledByShopMail(facts(row), 'admin', ordersLink), now),
    partWithdrawn: (trx: Db, row: OrderRow, now: string) =>
      enqueueMail(trx, orderCancelledByShopMail(facts(row), 'partWithdrawn', ordersLink), now),
    expired: (trx: Db, row: OrderRow, now: string) =>
      enqueueMail(
        trx,
        orderExpiredMail(facts(row), paymentWindowHours, `${publicUrl}/part/${encodeURIComponent(row.part_id)}`),
        now,
      ),
  };
}

export type OrderMails = ReturnType<typeof createOrderMails>;
