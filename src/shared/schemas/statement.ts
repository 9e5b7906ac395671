import { z } from 'zod';
import * as copy from '../copy';

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
export const recordPaymentInputSchema = z.strictObject({
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
});
export type RecordPaymentInput = z.infer<typeof recordPaymentInputSchema>;

export const paymentMethodValues = ['transfer', 'card'] as const;

export const invoicePaymentSchema = z.object({
  id: z.string(),
  invoiceNumber: z.string(),
  orderId: z.string(),
  amountCents: z.number().int(),
  paidAt: z.string(),
  reference: z.string(),
  method: z.enum(paymentMethodValues),
  createdAt: z.string(),
});
export type InvoicePayment = z.infer<typeof invoicePaymentSchema>;

/** GET /api/invoices/:number/payments: the invoice's figures and every payment against it, oldest first. */
export const invoicePaymentsSchema = z.object({
  invoiceNumber: z.string(),
  orderId: z.string(),
  totalCents: z.number().int(),
  paidCents: z.number().int(),
  leftCents: z.number().int(),
  currency: z.string(),
  items: z.array(invoicePaymentSchema),
});
export type InvoicePayments = z.infer<typeof invoicePaymentsSchema>;

/**
 * POST /api/invoices/:number/pay-by-card: a card payment for what is left, through the shop's payment
 * provider (the intent is the order's). The page then pays it as an order's payment is paid, at
 * POST /api/invoices/:number/card-payment (sandbox) or …/card-payment/confirm (Stripe).
 */
export const invoiceCardIntentSchema = z.object({
  invoiceNumber: z.string(),
  orderId: z.string(),
  provider: z.enum(['sandbox', 'stripe']),
  clientSecret: z.string(),
  amountCents: z.number().int(),
  currency: z.string(),
  publishableKey: z.string().optional(),
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
export const statementSchema = z.object({
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
});
export type Statement = z.infer<typeof statementSchema>;
