import type { Db } from './db/database';
import type { OrderRow } from './db/schema';
import type { EventBus, ShopEvents } from './events';
import type { CompanyMails } from './modules/companies';
import type { MailDispatcher } from './modules/mail';
import type { Metrics } from './modules/metrics';
import type { OrderMails } from './modules/orders';
import type { CartService } from './modules/cart';
import { linesOfOrders } from './modules/orders';
import type { LowStockMails, StockAlertMails } from './modules/parts';
import type { InvoiceMails, PaymentsService } from './modules/payments';
import type { ReturnMails } from './modules/returns';
import type { WebhookEvents, WebhookSender } from './modules/webhooks';

export interface ConsequencesDeps {
  /** The customer's order mails, written into the outbox with the change. */
  orderMails: OrderMails;
  /** The applicant's mail when their company's application is approved or declined; a colleague's invitation. */
  companyMails: CompanyMails;
  /** The company admins' reminders about an invoice on account that is due soon or overdue. */
  invoiceMails: InvoiceMails;
  /** The mail of each step of a return, to whoever asked for it. */
  returnMails: ReturnMails;
  /** The outbox's sender, woken once mail it should send has committed. */
  mailOutbox: Pick<MailDispatcher, 'wake'>;
  /** The webhook deliveries each event writes, in its transaction, for the webhooks that hear it. */
  webhookEvents: WebhookEvents;
  /** The webhooks' sender, woken once deliveries it should send may have committed. */
  webhookSender: Pick<WebhookSender, 'wake'>;
  metrics: Pick<Metrics, 'ordersPlaced' | 'ordersExpired' | 'paymentsSucceeded'>;
  /** Forgets the public answers held in memory (on every node, with Redis): they may show what changed. */
  clearCachedAnswers: () => void;
  /** Mails the admins when an order takes a part's stock under its low-stock line, in the order's transaction. */
  lowStockMails: LowStockMails;
  /** Mails whoever asked to hear that a part is back ("Notify me") once its stock is back, in that change's transaction. */
  stockAlertMails: StockAlertMails;
  /** Takes what an order placed from the cart holds out of the customer's cart, in the order's transaction. */
  cart: Pick<CartService, 'removeOrdered'>;
  /** Gives back a charge the provider took for an order that ended cancelled. */
  payments: Pick<PaymentsService, 'refundTakenPayment'>;
  /** Told once per order that became paid (tests and integrations); its failure is logged, the order stays paid. */
  onOrderPaid?: ((orderId: string) => Promise<void> | void) | undefined;
}

/**
 * Everything that follows from what the services announce, in one place: a service says what it did
 * (orders.service: `announce('orderPlaced', …)`), and this file says what comes of it. `during`
 * handlers write inside the announcing transaction; `after` handlers run once it has committed
 * (docs/decisions/0017-modules-and-events.md).
 */
export function subscribeConsequences(events: EventBus, deps: ConsequencesDeps): void {
  const {
    orderMails,
    companyMails,
    invoiceMails,
    returnMails,
    mailOutbox,
    metrics,
    clearCachedAnswers,
    onOrderPaid,
    cart,
    lowStockMails,
    stockAlertMails,
    payments,
    webhookEvents: hooks,
    webhookSender,
  } = deps;
  const mailSent = () => mailOutbox.wake();
  // What a webhook may hear writes its deliveries with the change (webhookEvents), and wakes their sender after.
  const wakeSenders = () => {
    mailSent();
    webhookSender.wake();
  };
  /** An order that gave its stock back (cancelled, expired, declined): its parts may be orderable again. */
  const orderStockBack = async (trx: Db, order: OrderRow, at: string) => {
    const partIds = ((await linesOfOrders(trx, [order.id])).get(order.id) ?? []).map((line) => line.part_id);
    return [...(await stockAlertMails.afterStockBack(trx, partIds, at)), ...(await hooks.stockSet(trx, partIds, at))];
  };

  // The parts' stock went down (under the low-stock line, the admins hear of it); an order from the
  // cart empties the cart of what it holds.
  events.on('orderPlaced', {
    during: async (trx, { order, lines, stockTaken, fromCart, customerAddressConfirmed, at }) => {
      await lowStockMails.afterStockTaken(trx, stockTaken, at);
      const ordered = lines.map((line) => line.part_id);
      return [
        ...(await orderMails.placed(trx, order, lines, customerAddressConfirmed, at)),
        ...(fromCart && order.user_id ? cart.removeOrdered(trx, order.user_id, ordered) : []),
        ...hooks.orderPlaced(trx, order, lines, stockTaken, at),
      ];
    },
    after: () => {
      wakeSenders();
      metrics.ordersPlaced.inc();
      clearCachedAnswers();
    },
  });

  // A paid order may make its buyer's reviews "Verified buyer", and counts in the best sellers.
  events.on('orderPaid', {
    during: async (trx, { order, at }) => [...(await orderMails.paid(trx, order, at)), ...hooks.paid(trx, order, at)],
    after: ({ order, provider }) => {
      wakeSenders();
      metrics.paymentsSucceeded.inc({ provider });
      clearCachedAnswers();
      return onOrderPaid?.(order.id);
    },
  });

  // A company member's orders: above their limit the company admins are asked, a decision is told to
  // the buyer, and an order confirmed on account is mailed with its invoice and due date.
  events.on('orderAwaitingApproval', {
    during: (trx, { order, at }) => orderMails.awaitingApproval(trx, order, at),
    after: mailSent,
  });
  events.on('orderDecided', {
    during: async (trx, { order, decision, by, at }) => [
      ...(await orderMails.decided(trx, order, decision, by.name, at)),
      ...(decision === 'declined' ? await orderStockBack(trx, order, at) : []),
      ...hooks.decided(trx, order, at),
    ],
    after: () => {
      wakeSenders();
      clearCachedAnswers();
    },
  });
  events.on('orderInvoicedOnAccount', {
    during: async (trx, { order, at }) => [
      ...(await orderMails.invoicedOnAccount(trx, order, at)),
      ...hooks.invoicedOnAccount(trx, order, at),
    ],
    after: wakeSenders,
  });

  events.on('orderShipped', {
    during: async (trx, { order, at }) => [...(await orderMails.shipped(trx, order, at)), ...hooks.shipped(trx, order, at)],
    after: wakeSenders,
  });
  events.on('orderDelivered', {
    during: (trx, { order, at }) => Promise.resolve(hooks.delivered(trx, order, at)),
    after: () => webhookSender.wake(),
  });

  // The customer cancelled it themselves and needs no mail; the shop, the sweep or a removed part tell them.
  // Whoever waits for a part whose stock it gave back hears the part is back (so the sender is always woken).
  const cancelledMail: Record<ShopEvents['orderCancelled']['by'], 'cancelledByShop' | 'expired' | 'partWithdrawn' | undefined> = {
    customer: undefined,
    admin: 'cancelledByShop',
    expiry: 'expired',
    partRemoved: 'partWithdrawn',
  };
  events.on('orderCancelled', {
    during: async (trx, { order, at, by, creditNote }) => {
      const mail = cancelledMail[by];
      const told = creditNote
        ? await orderMails.credited(trx, order, creditNote, at)
        : mail
          ? await orderMails[mail](trx, order, at)
          : [];
      return [
        ...told,
        ...(await orderStockBack(trx, order, at)),
        ...hooks.cancelled(trx, order, by, creditNote !== undefined, at),
      ];
    },
    // Its stock is back on sale (except a removed part's, which announces catalogueChanged too), and a
    // charge goes back to the card: a paid order's that an admin cancelled with a credit note, or one the
    // shop missed recording (credit-refunds.ts makes a refund a crash lost here). The
    // sweep asked the provider about an expired order just before cancelling it
    // (payments.settleTakenPayment), so it is not asked twice.
    after: async ({ order, by }) => {
      wakeSenders();
      if (by === 'expiry') metrics.ordersExpired.inc();
      clearCachedAnswers();
      if (by !== 'expiry') await payments.refundTakenPayment(order.id);
    },
  });

  // An admin's restock: whoever waits for the part hears it is back.
  events.on('partStockSet', {
    during: async (trx, { partId, at }) => [
      ...(await stockAlertMails.afterStockBack(trx, [partId], at)),
      ...(await hooks.stockSet(trx, [partId], at)),
    ],
    after: wakeSenders,
  });
  // Each step of a return is mailed with it.
  events.on('returnChanged', {
    during: async (trx, { ret, order, at, creditNote }) => [
      ...(await returnMails.changed(trx, ret, order, creditNote, at)),
      ...hooks.returnChanged(trx, ret, order, creditNote, at),
    ],
    after: wakeSenders,
  });
  events.on('catalogueChanged', { after: clearCachedAnswers });
  events.on('reviewSaved', { after: clearCachedAnswers });
  events.on('settingsChanged', { after: clearCachedAnswers });
  events.on('companyDecided', {
    during: (trx, { company, decision, at }) => companyMails.decided(trx, company, decision, at),
    after: mailSent,
  });
  events.on('colleagueInvited', {
    during: (trx, { invitation, token, companyName, at }) => companyMails.invited(trx, invitation, token, companyName, at),
    after: mailSent,
  });
  events.on('invoiceReminderDue', {
    during: (trx, { order, kind, at }) => invoiceMails.reminder(trx, order, kind, at),
    after: mailSent,
  });
}
