import * as copy from '#shared/copy';
import type { ConfirmStripePaymentInput, PaymentIntent, PaymentResult, PayOrderInput } from '#shared/schemas/payments';
import type { Clock } from '../../clock';
import type { Db } from '../../db/database';
import type { OrderRow } from '../../db/schema';
import { AppError } from '../../app-error';
import type { SessionUser } from '../../session-user';
import type { EventBus } from '../../events';
import { findForPayment, linesOfOrders, markOrderPaidWithInvoice, payByOf } from '../orders';
import { findLiveParts } from '../parts';
import type { ConfirmResult, PaymentProvider } from './payment-provider';
import { findIntentFor, hasStripeEvent, markIntentSucceeded, recordStripeEvent } from './payments.repository';

const p = copy.payment;
const orderNotFound = () => new AppError('not_found', copy.orders.notFound);
const notPayable = () => new AppError('conflict', p.notPayable);
const windowClosed = () => new AppError('payment_window_closed', p.windowClosed);
const partWithdrawn = () => new AppError('conflict', p.partWithdrawn);

/** The logger's two levels used here (Fastify's logger fits). */
export interface PaymentsLog {
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
}

export interface PaymentsServiceDeps {
  clock: Clock;
  provider: PaymentProvider;
  /** ORDER_PAYMENT_WINDOW_HOURS: an order is paid within this time of its booking, or not at all. */
  paymentWindowHours: number;
  /**
   * Where `orderPaid` is announced, once per order, by the one request or event whose conditional
   * update made it paid, inside that transaction (the customer's mail is written with it).
   */
  events: EventBus;
  log?: PaymentsLog | undefined;
  /**
   * Records a provider's charge for the intent of an order on account, against its invoice, once
   * (invoice-payments.service: a company admin paying an open invoice by card).
   */
  accountCharge?: ((orderId: string, intentId: string, transactionId: string, amountCents: number) => Promise<void>) | undefined;
}

/** A provider's signed word about a payment (Stripe's webhook), already verified. */
export interface PaymentEvent {
  id: string;
  type: string;
  /** Present when the event says an intent took money. */
  succeeded?: { orderId: string; intentId: string; transactionId: string; amountCents: number } | undefined;
}

const silentLog: PaymentsLog = { warn: () => undefined, error: () => undefined };

export function createPaymentsService(
  db: Db,
  { clock, provider, paymentWindowHours, events, log = silentLog, accountCharge }: PaymentsServiceDeps,
) {
  /**
   * Whether the order's time to pay has run out, by the clock and not by its status: the sweep that
   * cancels overdue orders runs only every minute, and until it has, the order is still unpaid.
   * A customer's or admin's cancel is not the window closing (that order is simply not payable).
   */
  function windowHasClosed(order: OrderRow): boolean {
    const open = order.status === 'pending_payment' || (order.status === 'cancelled' && order.cancel_reason === 'expired');
    return open && clock.now().getTime() >= Date.parse(payByOf(order.created_at, paymentWindowHours));
  }

  /** Only the customer who placed an order pays for it; anyone else (an admin too) is told it does not exist. */
  async function ownOrder(id: string, user: SessionUser): Promise<OrderRow> {
    const row = await findForPayment(db, id);
    if (!row || row.user_id !== user.id) throw orderNotFound();
    return row;
  }

  /** Whether a part on one of the order's lines was deleted (archived) from the catalogue since. */
  async function hasWithdrawnPart(order: OrderRow): Promise<boolean> {
    const partIds = new Set(((await linesOfOrders(db, [order.id])).get(order.id) ?? []).map((line) => line.part_id));
    const live = await findLiveParts(db, [...partIds]);
    return live.size < partIds.size;
  }

  /**
   * An order not yet paid with a part that was deleted (archived) is not paid, whatever its state: the
   * shop cannot ship it. Deleting the part cancels its unpaid orders; this holds for any left unpaid.
   */
  async function refuseWithdrawnPart(order: OrderRow): Promise<void> {
    if (order.status !== 'pending_payment' && order.status !== 'cancelled') return;
    if (await hasWithdrawnPart(order)) throw partWithdrawn();
  }

  /** The order's transaction when it is paid (or later) with this one, for a repeated payment. */
  function paidWith(row: OrderRow | undefined, transactionId: string): PaymentResult | undefined {
    return row && row.status !== 'pending_payment' && row.status !== 'cancelled' && row.transaction_id === transactionId
      ? { status: 'succeeded', transactionId }
      : undefined;
  }

  /**
   * Money arrived for an order that was cancelled first (by its customer, an admin or the expiry
   * sweep): it is given back, once however many requests and events see it, and the caller is told.
   */
  async function refundCancelled(order: OrderRow, transactionId: string, amountCents: number): Promise<never> {
    await giveBack(order, transactionId, amountCents);
    throw new AppError('conflict', p.cancelledRefunded);
  }

  async function giveBack(order: OrderRow, transactionId: string, amountCents: number): Promise<void> {
    const { refundId } = await provider.refund({
      orderId: order.id,
      transactionId,
      amountCents,
      idempotencyKey: `refund:${order.id}:${transactionId}`,
    });
    log.warn({ orderId: order.id, transactionId, refundId }, 'payment arrived for a cancelled order and was refunded');
  }

  /**
   * The one path from a provider's answer to a paid order, for the browser's requests and the
   * provider's events alike. Paid only for the full amount and only by one conditional update, so a
   * cancelled or expired order is never paid and a paid one is never paid twice; only the call
   * whose update made it paid announces `orderPaid`.
   */
  async function settle(order: OrderRow, confirmed: ConfirmResult): Promise<PaymentResult> {
    if (confirmed.status === 'not_found') throw new AppError('not_found', p.intentNotFound);
    if (confirmed.status === 'failed') {
      if (windowHasClosed(order)) throw windowClosed();
      if (order.status === 'cancelled') throw notPayable();
      throw new AppError('payment_failed', confirmed.message);
    }
    const { transactionId, amountCents } = confirmed;
    if (amountCents !== Number(order.total_cents)) throw new AppError('conflict', p.amountMismatch);

    const repeated = paidWith(order, transactionId);
    if (repeated) return repeated;
    // Money that reached an order of a deleted part (Stripe charges in the browser) goes back, as for a cancelled order.
    if (order.status === 'cancelled' || (await hasWithdrawnPart(order))) {
      return refundCancelled(order, transactionId, amountCents);
    }
    const paidAt = clock.now().toISOString();
    // Announced with the conditional update: only the call that made it paid does.
    const madePaid = await events.transaction(db, async ({ trx, announce }) => {
      const invoiceNumber = await markOrderPaidWithInvoice(trx, order.id, transactionId, paidAt);
      if (invoiceNumber === null) return false;
      const row: OrderRow = {
        ...order,
        status: 'paid',
        transaction_id: transactionId,
        paid_at: paidAt,
        invoice_number: invoiceNumber,
        updated_at: paidAt,
      };
      await announce('orderPaid', { order: row, at: paidAt, provider: provider.name });
      return true;
    });
    if (madePaid) return { status: 'succeeded', transactionId };
    // Another request or event for the same payment got there first; or the order was cancelled meanwhile.
    const now = await findForPayment(db, order.id);
    const paid = paidWith(now, transactionId);
    if (paid) return paid;
    if (now?.status === 'cancelled') return refundCancelled(now, transactionId, amountCents);
    throw notPayable();
  }

  return {
    /**
     * Marks an unpaid order paid when its provider says the money was taken, though the shop never
     * recorded it (the database failed between the charge and the order's update, or the confirmation
     * and the webhook were both lost): the provider's record is the truth. The expiry sweep asks this
     * before it cancels an overdue order. Answers whether the order is paid now.
     */
    async settleTakenPayment(orderId: string): Promise<boolean> {
      const order = await findForPayment(db, orderId);
      if (order?.status !== 'pending_payment') return false;
      const taken = await provider.lookup(orderId);
      if (taken.status !== 'succeeded') return false;
      try {
        await settle(order, taken);
        return true;
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        log.warn({ orderId, code: error.code, detail: error.detail }, 'a charge found for an unpaid order was not applied');
        return false;
      }
    },

    /** A cancelled order keeps no money: a charge its provider took (and the shop missed) is given back, once. */
    async refundTakenPayment(orderId: string): Promise<void> {
      const order = await findForPayment(db, orderId);
      if (order?.status !== 'cancelled') return;
      const taken = await provider.lookup(orderId);
      if (taken.status === 'succeeded') await giveBack(order, taken.transactionId, taken.amountCents);
    },

    /**
     * Gives `amountCents` of the order's card charge back (a credited return): once per
     * `idempotencyKey`, however often asked, so a retry after a crash refunds nothing more. Answers
     * the provider's refund id; throws when the order's charge is not taken.
     */
    async refundPartOfCharge(orderId: string, amountCents: number, idempotencyKey: string): Promise<string> {
      const taken = await provider.lookup(orderId);
      if (taken.status !== 'succeeded') throw new Error(`order ${orderId} has no card charge to refund`);
      const { refundId } = await provider.refundAmount({
        orderId,
        transactionId: taken.transactionId,
        amountCents,
        idempotencyKey,
      });
      return refundId;
    },

    /**
     * Guard for the payment routes, run before the body is validated: someone else's order (or none)
     * answers 404 whatever was sent, as if it did not exist.
     */
    async assertOwnOrder(orderId: string, user: SessionUser): Promise<void> {
      await ownOrder(orderId, user);
    },

    /** The intent for an unpaid order, for its total as booked; asking again answers the same one. */
    async createIntent(orderId: string, user: SessionUser): Promise<PaymentIntent> {
      const order = await ownOrder(orderId, user);
      await refuseWithdrawnPart(order);
      // No client secret after the pay-by time, not even the one handed out before: nothing to pay with.
      if (windowHasClosed(order)) throw windowClosed();
      if (order.status !== 'pending_payment') throw notPayable();
      // The total as booked, delivery and tax included, in the currency it was priced in.
      const amountCents = Number(order.total_cents);
      const { clientSecret } = await provider.createIntent({
        orderId: order.id,
        amountCents,
        currency: order.currency,
        idempotencyKey: `order:${order.id}`,
      });
      return {
        provider: provider.name,
        clientSecret,
        amountCents,
        ...(provider.publishableKey ? { publishableKey: provider.publishableKey } : {}),
      };
    },

    /**
     * Pays an order by card (the sandbox). It becomes paid only once the provider confirmed the full
     * amount; paying again answers the first transaction and charges nothing.
     */
    async pay(orderId: string, user: SessionUser, input: PayOrderInput): Promise<PaymentResult> {
      const order = await ownOrder(orderId, user);
      // The sandbox charges when asked here: an order of a deleted part, past its pay-by time (swept
      // or not yet) or cancelled is refused before any money moves.
      await refuseWithdrawnPart(order);
      if (windowHasClosed(order)) throw windowClosed();
      if (order.status === 'cancelled') throw notPayable();
      const confirmed = await provider.confirm({ orderId: order.id, clientSecret: input.clientSecret, card: input.card });
      return settle(order, confirmed);
    },

    /**
     * The browser's return from Stripe.js: the server asks the provider for the intent's status; the
     * browser's word that it paid counts for nothing. The money may already have moved, so a
     * cancelled order is asked about too (and refunded).
     *
     * Past the pay-by time: with Stripe the card is charged by Stripe.js, not here, so this only
     * reports a charge that already happened. If it did not take the money, the answer is that the
     * time to pay has run out (409). If it did, the outcome is the webhook's for the same charge (the
     * two may arrive in either order and must agree): kept, and the order paid, while the order still
     * holds its stock (`pending_payment`: the sweep has not cancelled it yet); refunded once the sweep
     * has cancelled it and put the stock back on sale. Captured money never vanishes either way.
     */
    async confirmPayment(orderId: string, user: SessionUser, input: ConfirmStripePaymentInput): Promise<PaymentResult> {
      const order = await ownOrder(orderId, user);
      const confirmed = await provider.confirm({ orderId: order.id, intentId: input.paymentIntentId });
      return settle(order, confirmed);
    },

    /**
     * A verified provider event. Each event id has one effect: a redelivery answers without a second
     * one. A refusal (wrong amount, an order cancelled first) is logged and acknowledged, since a retry
     * would change nothing; any other failure answers an error so the provider's retry handles it again.
     */
    async handleEvent(event: PaymentEvent): Promise<'handled' | 'duplicate'> {
      if (await hasStripeEvent(db, event.id)) return 'duplicate';
      // Recorded only once handled: an event whose handling failed (the database down mid-way) is not
      // remembered as done, so the provider's retry handles it. Settling twice at once pays once.
      if (event.succeeded) await settleEvent(event.id, event.succeeded);
      const fresh = await recordStripeEvent(db, { id: event.id, type: event.type, receivedAt: clock.now().toISOString() });
      return fresh ? 'handled' : 'duplicate';
    },
  };

  async function settleEvent(
    eventId: string,
    { orderId, intentId, transactionId, amountCents }: NonNullable<PaymentEvent['succeeded']>,
  ): Promise<void> {
    const order = await findForPayment(db, orderId);
    // An order on account was placed without a card: its intents pay what is left on its invoice. One
    // the shop replaced after a transfer changed that amount may still be charged from an open page:
    // Stripe's signed word that it took the money for this order is enough to record it, never lose it.
    if (order?.payment_method === 'account' && accountCharge) {
      await accountCharge(orderId, intentId, transactionId, amountCents);
      return;
    }
    const ours = order && (await findIntentFor(db, { id: intentId, orderId, provider: provider.name }));
    if (!order || !ours) {
      log.warn({ eventId, orderId, intentId }, 'payment event for an intent that is not ours; ignored');
      return;
    }
    await markIntentSucceeded(db, intentId, transactionId, clock.now().toISOString());
    try {
      await settle(order, { status: 'succeeded', transactionId, amountCents });
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      log.warn({ eventId, orderId, intentId, code: error.code, detail: error.detail }, 'payment event not applied');
    }
  }
}

export type PaymentsService = ReturnType<typeof createPaymentsService>;
