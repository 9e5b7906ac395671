import type { Card, PaymentProviderName } from '#shared/schemas/payments';

export interface CreateIntentInput {
  orderId: string;
  /** The order's total as booked: goods, delivery and tax. */
  amountCents: number;
  /** ISO 4217, the order's (the shop's currency when it was placed). */
  currency: string;
  /** The same key answers the same intent (the sandbox keys on the order; Stripe takes it as Idempotency-Key). */
  idempotencyKey: string;
}

export interface CreatedIntent {
  intentId: string;
  clientSecret: string;
}

export interface ConfirmInput {
  /** The order the intent must belong to: a secret of another order is no secret for this one. */
  orderId: string;
  /** The sandbox's browser sends the client secret; Stripe's sends the intent id after Stripe.js confirmed it. */
  clientSecret?: string;
  intentId?: string;
  /** Only the sandbox takes a card; it is checked and forgotten, never stored or logged. */
  card?: Card;
}

export type ConfirmResult =
  | { status: 'succeeded'; transactionId: string; amountCents: number }
  | { status: 'failed'; message: string }
  /** No intent of this order matches what was sent (answered as 404, the same for every reason). */
  | { status: 'not_found' };

export interface RefundInput {
  orderId: string;
  /** The transaction a confirmation answered for this order. */
  transactionId: string;
  amountCents: number;
  /** The same key refunds once, however often (and however concurrently) it is asked. */
  idempotencyKey: string;
}

export interface Refund {
  refundId: string;
}

/**
 * A card payment provider. Confirming an intent that already succeeded answers its first
 * transaction again and charges nothing: paying twice charges once.
 */
export interface PaymentProvider {
  readonly name: PaymentProviderName;
  /** What the browser needs to load the provider's own card form (Stripe's publishable key); none for the sandbox. */
  readonly publishableKey?: string | undefined;
  createIntent(input: CreateIntentInput): Promise<CreatedIntent>;
  /** Asks the provider (never the browser) whether the intent took the money. */
  confirm(input: ConfirmInput): Promise<ConfirmResult>;
  /**
   * Whether the order's intent took the money, by the provider's own record and without the browser's
   * secret: how the shop finds a charge whose order it failed to mark paid. Charges nothing.
   */
  lookup(orderId: string): Promise<ConfirmResult>;
  /** Gives a confirmed charge back in full; asking again refunds nothing more. */
  refund(input: RefundInput): Promise<Refund>;
  /**
   * Gives `amountCents` of a confirmed charge back (a credited return, decision 0046); the charge stays
   * taken for the rest. The same idempotency key answers the first refund and refunds nothing more, so
   * a credit retried after a crash between the provider's answer and the shop's record refunds once.
   */
  refundAmount(input: RefundInput): Promise<Refund>;
}
