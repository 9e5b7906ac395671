import * as copy from '#shared/copy';
import { formatMoney } from '#shared/money';
import { sellerDate } from '#shared/order-totals';
import type { ConfirmStripePaymentInput, PaymentResult, PayOrderInput } from '#shared/schemas/payments';
import {
  type InvoiceCardIntent,
  type InvoicePayment,
  type InvoicePayments,
  type RecordPaymentInput,
  type Statement,
  STATEMENT_PAYMENT_DAYS,
} from '#shared/schemas/statement';
import { AppError } from '../../app-error';
import type { Clock } from '../../clock';
import type { Db } from '../../db/database';
import { isUniqueViolation } from '../../db/errors';
import type { InvoicePaymentRow, OrderRow } from '../../db/schema';
import { newId } from '../../ids';
import type { SessionUser } from '../../session-user';
import { companyById, membershipOf } from '../companies';
import { sellerOf, shopSettings } from '../content';
import { companyBalance, OPEN_ACCOUNT_STATUSES } from '../orders';
import {
  insertPayment,
  openInvoicesOf,
  orderById,
  orderOfInvoice,
  paymentByKey,
  paymentsOfCompanySince,
  paymentsOfOrder,
} from './invoice-payments.repository';
import type { ConfirmResult, PaymentProvider } from './payment-provider';
import { deleteUnpaidIntent, findIntentOfOrder, markIntentSucceeded } from './payments.repository';
import { statementCsv, statementPdf } from './statement-documents';

const s = copy.statement;
const DAY_MS = 86_400_000;

const invoiceNotFound = () => new AppError('not_found', s.invoiceNotFound);

export interface InvoicePaymentsDeps {
  clock: Clock;
  provider: PaymentProvider;
}

export function toInvoicePayment(row: InvoicePaymentRow): InvoicePayment {
  return {
    id: row.id,
    invoiceNumber: row.invoice_number,
    orderId: row.order_id,
    amountCents: Number(row.amount_cents),
    paidAt: row.paid_at,
    reference: row.reference,
    method: row.method,
    createdAt: row.created_at,
  };
}

const leftOf = (order: OrderRow) => Number(order.total_cents) - Number(order.paid_cents);

/** 'YYYY-MM-DD' plus `days` (negative: before). */
export function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** Whole days from `due` to `today`, 0 when not past. */
export function daysOverdue(due: string, today: string): number {
  return Math.max(0, Math.round((Date.parse(`${today}T00:00:00Z`) - Date.parse(`${due}T00:00:00Z`)) / DAY_MS));
}

/**
 * Payments against invoices on account (docs/shop-rules.md, "Trade accounts"): transfers a shop admin
 * records, a company admin's card payment of what is left, and the company's statement
 * (docs/decisions/0038-invoice-payments.md).
 */
export function createInvoicePaymentsService(db: Db, { clock, provider }: InvoicePaymentsDeps) {
  /** The shop's calendar day now and its currency. */
  async function shopDay(): Promise<{ today: string; currency: string }> {
    const settings = await shopSettings(db);
    return { today: sellerDate(clock.now(), settings.timeZone), currency: settings.currency };
  }

  /** The company the user is a company admin of; a buyer is refused (403), someone in none is not found. */
  async function adminsCompany(user: SessionUser): Promise<string> {
    const membership = await membershipOf(db, user.id);
    if (!membership) throw new AppError('not_found', s.noCompany);
    if (membership.role !== 'company_admin') throw new AppError('forbidden', s.adminsOnly);
    return membership.companyId;
  }

  /**
   * The invoice on account as a company admin of its company sees it; for anyone else (a buyer of the
   * company too) it does not exist.
   */
  async function ownInvoice(number: string, user: SessionUser): Promise<OrderRow> {
    const [order, membership] = await Promise.all([orderOfInvoice(db, number), membershipOf(db, user.id)]);
    if (
      !order ||
      order.payment_method !== 'account' ||
      !membership ||
      membership.role !== 'company_admin' ||
      order.company_id !== membership.companyId
    ) {
      throw invoiceNotFound();
    }
    return order;
  }

  /** Refuses an invoice that takes no payment: paid by card at ordering, cancelled, or paid in full. */
  function assertOpen(order: OrderRow, number: string): void {
    if (order.payment_method !== 'account') throw new AppError('conflict', s.notOnAccount(number));
    // An invoice is owed in the open balance's statuses; any other (cancelled) takes no payment.
    if (!(OPEN_ACCOUNT_STATUSES as readonly string[]).includes(order.status))
      throw new AppError('conflict', s.orderCancelled(number));
    if (leftOf(order) <= 0) throw new AppError('conflict', s.alreadyPaid(number));
  }

  /**
   * Records a card charge the provider confirmed for an invoice's intent, once: its key is the intent,
   * so the browser's confirmation and the provider's webhook record one payment between them. The
   * money was taken, so it is recorded whole even when a transfer recorded meanwhile left less to pay.
   */
  async function recordCardCharge(orderId: string, intentId: string, transactionId: string, amountCents: number) {
    const key = `card:${intentId}`;
    try {
      await db.transaction().execute(async (trx) => {
        const locked = await orderById(trx, orderId, { lock: true });
        if (!locked?.invoice_number) throw new Error(`order ${orderId} has no invoice to pay by card`);
        if (await paymentByKey(trx, key)) return;
        const { today } = await shopDayIn(trx);
        await insertPayment(
          trx,
          {
            id: newId(),
            order_id: orderId,
            invoice_number: locked.invoice_number,
            amount_cents: amountCents,
            paid_at: today,
            reference: transactionId,
            method: 'card',
            recorded_by: null,
            idempotency_key: key,
            created_at: clock.now().toISOString(),
          },
          { cap: false },
        );
      });
    } catch (error) {
      // The other of the browser and the webhook recorded it a moment before.
      if (!isUniqueViolation(error)) throw error;
    }
  }

  async function shopDayIn(trx: Db): Promise<{ today: string }> {
    const settings = await shopSettings(trx);
    return { today: sellerDate(clock.now(), settings.timeZone) };
  }

  /** The provider's answer for an invoice's intent, as the order payment's `settle` reads it. */
  async function settleCard(order: OrderRow, confirmed: ConfirmResult): Promise<PaymentResult> {
    if (confirmed.status === 'not_found') throw new AppError('not_found', copy.payment.intentNotFound);
    if (confirmed.status === 'failed') throw new AppError('payment_failed', confirmed.message);
    const intent = await findIntentOfOrder(db, order.id);
    if (!intent) throw new AppError('not_found', copy.payment.intentNotFound);
    await recordCardCharge(order.id, intent.id, confirmed.transactionId, confirmed.amountCents);
    return { status: 'succeeded', transactionId: confirmed.transactionId };
  }

  /**
   * The company admin's statement: open invoices with their days overdue (shop's time zone), the
   * payments of the last 90 days, the balance and the credit left. A buyer is refused (403).
   */
  async function statement(user: SessionUser): Promise<Statement> {
    const companyId = await adminsCompany(user);
    const { today, currency } = await shopDay();
    const since = addDays(today, -STATEMENT_PAYMENT_DAYS);
    const company = await companyById(db, companyId);
    if (!company) throw new AppError('not_found', s.noCompany);
    const invoices = await openInvoicesOf(db, companyId);
    const payments = await paymentsOfCompanySince(db, companyId, since);
    const creditLimitCents = Number(company.credit_limit_cents);
    const balance = await companyBalance(db, companyId, today, creditLimitCents);
    return {
      companyName: company.name,
      currency,
      date: today,
      paymentsSince: since,
      invoices: invoices.map((order) => ({
        number: order.invoice_number!,
        orderId: order.id,
        invoicedAt: order.invoiced_at ?? order.created_at,
        dueDate: order.due_date ?? today,
        totalCents: Number(order.total_cents),
        paidCents: Number(order.paid_cents),
        daysOverdue: order.due_date ? daysOverdue(order.due_date, today) : 0,
      })),
      payments: payments.map((row) => ({
        invoiceNumber: row.invoice_number,
        amountCents: Number(row.amount_cents),
        paidAt: row.paid_at,
        reference: row.reference,
        method: row.method,
      })),
      balanceCents: balance.balanceCents,
      creditLimitCents,
      creditLeftCents: balance.creditLeftCents,
    };
  }

  return {
    statement,

    async statementPdf(user: SessionUser): Promise<{ filename: string; pdf: Buffer }> {
      const current = await statement(user);
      const pdf = await statementPdf(current, await sellerOf(db));
      return { filename: s.filename(current.date, 'pdf'), pdf };
    },

    async statementCsv(user: SessionUser): Promise<{ filename: string; csv: string }> {
      const current = await statement(user);
      return { filename: s.filename(current.date, 'csv'), csv: statementCsv(current) };
    },

    /**
     * A shop admin records money received against an invoice on account: more than 0 and no more than
     * is left, on a day not in the future (shop's time zone). One transaction inserts it and raises the
     * order's `paid_cents`, on the order's locked row, so two admins at once cannot pay past the total.
     * With an `Idempotency-Key` the same key answers the first payment again (`replayed`), never a second.
     */
    async record(
      number: string,
      admin: SessionUser,
      input: RecordPaymentInput,
      idempotencyKey: string | undefined,
    ): Promise<{ payment: InvoicePayment; replayed: boolean }> {
      const { today, currency } = await shopDay();
      if (input.paidAt > today) {
        throw new AppError('validation_failed', s.paidAtInFuture, { paidAt: s.paidAtInFuture });
      }
      // Keyed per invoice: the same key against another invoice is another request.
      const key = idempotencyKey === undefined ? null : `transfer:${number}:${idempotencyKey}`;
      const replay = (row: InvoicePaymentRow) => {
        const same =
          Number(row.amount_cents) === input.amountCents && row.paid_at === input.paidAt && row.reference === input.reference;
        if (!same) throw new AppError('conflict', s.keyReused);
        return { payment: toInvoicePayment(row), replayed: true };
      };
      const attempt = () =>
        db.transaction().execute(async (trx) => {
          const order = await orderOfInvoice(trx, number, { lock: true });
          if (!order) throw invoiceNotFound();
          const earlier = key ? await paymentByKey(trx, key) : undefined;
          if (earlier) return replay(earlier);
          assertOpen(order, number);
          const left = leftOf(order);
          if (input.amountCents > left) {
            throw new AppError('conflict', s.overLeft(formatMoney(left, order.currency || currency)), {
              amountCents: s.overLeft(formatMoney(left, order.currency || currency)),
            });
          }
          const row = {
            id: newId(),
            order_id: order.id,
            invoice_number: number,
            amount_cents: input.amountCents,
            paid_at: input.paidAt,
            reference: input.reference,
            method: 'transfer' as const,
            recorded_by: admin.id,
            idempotency_key: key,
            created_at: clock.now().toISOString(),
          };
          // The lock makes this hold on PostgreSQL; SQLite runs one transaction at a time. The condition
          // keeps it true whatever the isolation.
          if (!(await insertPayment(trx, row, { cap: true }))) throw new AppError('conflict', s.overLeft(formatMoney(left)));
          return { payment: toInvoicePayment(row), replayed: false };
        });
      try {
        return await attempt();
      } catch (error) {
        // Two requests with one key at once on an engine that did not wait at the lock: the first's row stands.
        if (key && isUniqueViolation(error)) {
          const earlier = await paymentByKey(db, key);
          if (earlier) return replay(earlier);
        }
        throw error;
      }
    },

    /** Guard for the shop admin's and the company admin's list: an invoice on account the caller may see, else 404. */
    async assertMaySee(number: string, user: SessionUser): Promise<void> {
      if (user.role === 'admin') {
        const order = await orderOfInvoice(db, number);
        if (!order) throw invoiceNotFound();
        return;
      }
      await ownInvoice(number, user);
    },

    /** An invoice's figures and its payments, oldest first (a shop admin, or a company admin of its company). */
    async list(number: string, user: SessionUser): Promise<InvoicePayments> {
      const order = user.role === 'admin' ? await orderOfInvoice(db, number) : await ownInvoice(number, user);
      if (!order) throw invoiceNotFound();
      const payments = await paymentsOfOrder(db, order.id);
      const paidCents = Number(order.paid_cents);
      return {
        invoiceNumber: number,
        orderId: order.id,
        totalCents: Number(order.total_cents),
        paidCents,
        leftCents: Math.max(0, Number(order.total_cents) - paidCents),
        currency: order.currency,
        items: payments.map(toInvoicePayment),
      };
    },

    /** Guard for the card routes: a company admin of the invoice's company, else 404 whatever was sent. */
    async assertOwnInvoice(number: string, user: SessionUser): Promise<void> {
      await ownInvoice(number, user);
    },

    /**
     * Starts a card payment of what is left on an open invoice, through the shop's payment provider.
     * The intent is the order's (one per order, as for any order); one made for another amount (a
     * transfer was recorded since) and never paid makes way for a new one.
     */
    async startCardPayment(number: string, user: SessionUser): Promise<InvoiceCardIntent> {
      let order = await ownInvoice(number, user);
      let known = await findIntentOfOrder(db, order.id);
      if (known?.status === 'succeeded') {
        // A charge taken and not yet recorded (its confirmation was lost): recorded now, not charged again.
        const taken = await provider.lookup(order.id);
        if (taken.status === 'succeeded') await recordCardCharge(order.id, known.id, taken.transactionId, taken.amountCents);
        order = (await orderOfInvoice(db, number)) ?? order;
      }
      assertOpen(order, number);
      const left = leftOf(order);
      if (known?.status === 'succeeded') throw new AppError('conflict', s.alreadyPaid(number));
      if (known && Number(known.amount_cents) !== left) {
        await deleteUnpaidIntent(db, known.id);
        known = undefined;
      }
      const { clientSecret } = await provider.createIntent({
        orderId: order.id,
        amountCents: left,
        currency: order.currency,
        // A new amount is a new intent at the provider too.
        idempotencyKey: `invoice:${number}:${left}`,
      });
      return {
        invoiceNumber: number,
        orderId: order.id,
        provider: provider.name,
        clientSecret,
        amountCents: left,
        currency: order.currency,
        ...(provider.publishableKey ? { publishableKey: provider.publishableKey } : {}),
      };
    },

    /**
     * Pays the invoice's intent with a card (the sandbox). Refused before any money moves when the amount
     * left changed since the intent was made (a transfer was recorded meanwhile): start again.
     */
    async payByCard(number: string, user: SessionUser, input: PayOrderInput): Promise<PaymentResult> {
      const order = await ownInvoice(number, user);
      const intent = await findIntentOfOrder(db, order.id);
      if (intent?.status !== 'succeeded') {
        assertOpen(order, number);
        if (intent && Number(intent.amount_cents) !== leftOf(order)) throw new AppError('conflict', s.cardNotStarted);
      }
      return settleCard(order, await provider.confirm({ orderId: order.id, clientSecret: input.clientSecret, card: input.card }));
    },

    /** After Stripe.js confirmed the card: the server asks Stripe, and records the charge once. */
    async confirmCardPayment(number: string, user: SessionUser, input: ConfirmStripePaymentInput): Promise<PaymentResult> {
      const order = await ownInvoice(number, user);
      return settleCard(order, await provider.confirm({ orderId: order.id, intentId: input.paymentIntentId }));
    },

    /** The provider's webhook for an intent of an order on account: the charge is recorded, once. */
    async settleAccountCharge(orderId: string, intentId: string, transactionId: string, amountCents: number): Promise<void> {
      await markIntentSucceeded(db, intentId, transactionId, clock.now().toISOString());
      await recordCardCharge(orderId, intentId, transactionId, amountCents);
    },
  };
}

export type InvoicePaymentsService = ReturnType<typeof createInvoicePaymentsService>;
