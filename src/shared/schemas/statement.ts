import { z } from 'zod';
import * as copy from '../copy';
import { EXAMPLE_INVOICE, EXAMPLE_ORDER_ID } from './examples';

const s = copy.statement;

/** The most one payment records, in cents: a billion in the shop's currency, as a credit limit. */
export const MAX_PAYMENT_CENTS = 100_000_000_000;

/** How far back the statement lists payments, in days. */
export const STATEMENT_PAYMENT_DAYS = 90;

export const invoiceParamsSchema = z.object({ number: z.string().regex(/^INV-\d{4}-\d{6,}$/) });

/** A calendar day as 'YYYY-MM-DD' that exists (no 2026-02-30). */
export function isCalendarDate(text: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return false;
  const day = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(day.getTime()) && day.toISOString().slice(0, 10) === text;
}

/**
 * POST /api/invoices/:number/payments: money a shop admin received against an invoice on account.
 * Whether the amount fits what is left, and whether the day is past, the server decides (409 / 400).
 */
export const recordPaymentInputSchema = z
  .strictObject({
    amountCents: z
      .number({ error: s.amountInvalid })
      .int(s.amountInvalid)
      .min(1, s.amountInvalid)
      .max(MAX_PAYMENT_CENTS, s.amountTooLarge),
    paidAt: z.string({ error: s.paidAtInvalid }).refine(isCalendarDate, s.paidAtInvalid),
    reference: z
      .string({ error: s.referenceRequired })
      .trim()
      .min(1, { error: s.referenceRequired, abort: true })
      .max(100, copy.validation.tooLong(100)),
  })
  .meta({ examples: [{ amountCents: 10000, paidAt: '2026-12-03', reference: 'Bank transfer 2026-12-03 / 7781' }] });
export type RecordPaymentInput = z.infer<typeof recordPaymentInputSchema>;

export const paymentMethodValues = ['transfer', 'card'] as const;

const examplePayment = {
  id: '0193a1c2-7d4e-7000-8000-00000000f0a1',
  invoiceNumber: EXAMPLE_INVOICE,
  orderId: EXAMPLE_ORDER_ID,
  amountCents: 10000,
  paidAt: '2026-12-03',
  reference: 'Bank transfer 2026-12-03 / 7781',
  method: 'transfer',
  createdAt: '2026-12-03T16:20:00.000Z',
};

export const invoicePaymentSchema = z
  .object({
    id: z.string(),
    invoiceNumber: z.string(),
    orderId: z.string(),
    amountCents: z.number().int(),
    paidAt: z.string(),
    reference: z.string(),
    method: z.enum(paymentMethodValues),
    createdAt: z.string(),
  })
  .meta({ examples: [examplePayment] });
export type InvoicePayment = z.infer<typeof invoicePaymentSchema>;

/** GET /api/invoices/:number/payments: the invoice's figures and every payment against it, oldest first. */
export const invoicePaymentsSchema = z
  .object({
    invoiceNumber: z.string(),
    orderId: z.string(),
    totalCents: z.number().int(),
    paidCents: z.number().int(),
    leftCents: z.number().int(),
    currency: z.string(),
    items: z.array(invoicePaymentSchema),
  })
  .meta({
    examples: [
      {
        invoiceNumber: EXAMPLE_INVOICE,
        orderId: EXAMPLE_ORDER_ID,
        totalCents: 24815,
        paidCents: 10000,
        leftCents: 14815,
        currency: 'USD',
        items: [examplePayment],
      },
    ],
  });
export type InvoicePayments = z.infer<typeof invoicePaymentsSchema>;

/**
 * POST /api/invoices/:number/pay-by-card: a card payment for what is left, through the shop's payment
 * provider (the intent is the order's). The page then pays it as an order's payment is paid, at
 * POST /api/invoices/:number/card-payment (sandbox) or …/card-payment/confirm (Stripe).
 */
export const invoiceCardIntentSchema = z
  .object({
    invoiceNumber: z.string(),
    orderId: z.string(),
    provider: z.enum(['sandbox', 'stripe']),
    clientSecret: z.string(),
    amountCents: z.number().int(),
    currency: z.string(),
    publishableKey: z.string().optional(),
  })
  .meta({
    examples: [
      {
        invoiceNumber: EXAMPLE_INVOICE,
        orderId: EXAMPLE_ORDER_ID,
        provider: 'sandbox',
        clientSecret: 'pi_sandbox_4fT9qLx2Vb7R_secret_Kk1mZpW8sYc3Hn6Dj0Ge5Ta9',
        amountCents: 14815,
        currency: 'USD',
      },
    ],
  });
export type InvoiceCardIntent = z.infer<typeof invoiceCardIntentSchema>;

export const statementInvoiceSchema = z.object({
  number: z.string(),
  orderId: z.string(),
  invoicedAt: z.string(),
  dueDate: z.string(),
  totalCents: z.number().int(),
  paidCents: z.number().int(),
  /** Whole days past the due date in the shop's time zone; 0 while not overdue. */
  daysOverdue: z.number().int(),
});
export type StatementInvoice = z.infer<typeof statementInvoiceSchema>;

export const statementPaymentSchema = z.object({
  invoiceNumber: z.string(),
  amountCents: z.number().int(),
  paidAt: z.string(),
  reference: z.string(),
  method: z.enum(paymentMethodValues),
});
export type StatementPayment = z.infer<typeof statementPaymentSchema>;

/** GET /api/me/company/statement: open invoices, the payments of the last 90 days, balance and credit. */
export const statementSchema = z
  .object({
    companyName: z.string(),
    currency: z.string(),
    /** 'YYYY-MM-DD' in the shop's time zone: the day `daysOverdue` counts to. */
    date: z.string(),
    paymentsSince: z.string(),
    invoices: z.array(statementInvoiceSchema),
    payments: z.array(statementPaymentSchema),
    balanceCents: z.number().int(),
    creditLimitCents: z.number().int(),
    creditLeftCents: z.number().int(),
  })
  .meta({
    examples: [
      {
        companyName: 'Riverside Fleet Service LLC',
        currency: 'USD',
        date: '2026-12-07',
        paymentsSince: '2026-09-08',
        invoices: [
          {
            number: 'INV-2026-000098',
            orderId: '0193a1c2-7d4e-7000-8000-00000000a0e7',
            invoicedAt: '2026-10-28T09:12:00.000Z',
            dueDate: '2026-11-27',
            totalCents: 187535,
            paidCents: 0,
            daysOverdue: 10,
          },
          {
            number: EXAMPLE_INVOICE,
            orderId: EXAMPLE_ORDER_ID,
            invoicedAt: '2026-12-01T10:15:00.000Z',
            dueDate: '2026-12-31',
            totalCents: 24815,
            paidCents: 10000,
            daysOverdue: 0,
          },
        ],
        payments: [
          {
            invoiceNumber: EXAMPLE_INVOICE,
            amountCents: 10000,
            paidAt: '2026-12-03',
            reference: 'Bank transfer 2026-12-03 / 7781',
            method: 'transfer',
          },
        ],
        balanceCents: 202350,
        creditLimitCents: 1500000,
        creditLeftCents: 1297650,
      },
    ],
  });
export type Statement = z.infer<typeof statementSchema>;
