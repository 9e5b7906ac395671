import { z } from 'zod';
import * as copy from '../copy';

const p = copy.payment;

export const paymentProviderValues = ['sandbox', 'stripe'] as const;
export type PaymentProviderName = (typeof paymentProviderValues)[number];

/** POST /api/orders/:id/payment-intent. */
export const paymentIntentSchema = z.object({
  provider: z.enum(paymentProviderValues),
  clientSecret: z.string(),
  amountCents: z.number().int(),
  publishableKey: z.string().optional(),
});
export type PaymentIntent = z.infer<typeof paymentIntentSchema>;

/**
 * The card as the sandbox's form sends it. Only its shape is checked here (400); whether the card
 * pays — Luhn, expiry, security code, the test cards — is the provider's answer (402).
 */
export const cardSchema = z.strictObject(
  {
    number: z
      .string({ error: p.numberRequired })
      .trim()
      .min(1, { error: p.numberRequired, abort: true })
      .max(30, { error: p.numberInvalid, abort: true })
      .regex(/^[0-9 ]+$/, p.numberDigitsOnly),
    expMonth: z.number({ error: p.expMonthInvalid }).int(p.expMonthInvalid).min(1, p.expMonthInvalid).max(12, p.expMonthInvalid),
    expYear: z.number({ error: p.expYearInvalid }).int(p.expYearInvalid).min(2000, p.expYearInvalid).max(2199, p.expYearInvalid),
    cvc: z.string({ error: p.cvcRequired }).trim().min(1, { error: p.cvcRequired, abort: true }).max(10, p.cvcIncomplete),
  },
  { error: (issue) => (issue.code === 'invalid_type' ? p.cardRequired : undefined) },
);
export type Card = z.infer<typeof cardSchema>;

/** POST /api/orders/:id/payment (sandbox). */
export const payOrderInputSchema = z
  .strictObject({
    clientSecret: z.string({ error: p.clientSecretRequired }).min(1, p.clientSecretRequired).max(200, p.clientSecretRequired),
    card: cardSchema,
  })
  .meta({
    examples: [
      {
        clientSecret: 'pi_sandbox_4fT9qLx2Vb7R_secret_Kk1mZpW8sYc3Hn6Dj0Ge5Ta9',
        card: { number: '4242 4242 4242 4242', expMonth: 9, expYear: 2029, cvc: '123' },
      },
    ],
  });
export type PayOrderInput = z.infer<typeof payOrderInputSchema>;

/**
 * POST /api/orders/:id/payment/confirm (Stripe): after Stripe.js confirmed the card, the page names the
 * intent; the server asks Stripe for its status and marks the order paid only when it succeeded for
 * the order's full amount. The browser's word alone is never enough.
 */
export const confirmStripePaymentInputSchema = z
  .strictObject({
    paymentIntentId: z.string({ error: p.intentNotFound }).regex(/^pi_[A-Za-z0-9_]{1,200}$/, p.intentNotFound),
  })
  .meta({ examples: [{ paymentIntentId: 'pi_3QhR2vLkdIwHu7ix0W9ZbCq1' }] });
export type ConfirmStripePaymentInput = z.infer<typeof confirmStripePaymentInputSchema>;

export const paymentResultSchema = z
  .object({
    status: z.literal('succeeded'),
    transactionId: z.string(),
  })
  .meta({ examples: [{ status: 'succeeded', transactionId: 'txn_sandbox_8Hq2Lw5Rt0Zx' }] });
export type PaymentResult = z.infer<typeof paymentResultSchema>;
