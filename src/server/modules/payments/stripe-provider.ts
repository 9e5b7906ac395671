import type Stripe from 'stripe';
import * as copy from '#shared/copy';
import type { Clock } from '../../clock';
import type { Db } from '../../db/database';
import type { PaymentIntentRow } from '../../db/schema';
import type {
  ConfirmInput,
  ConfirmResult,
  CreateIntentInput,
  CreatedIntent,
  PaymentProvider,
  Refund,
  RefundInput,
} from './payment-provider';
import {
  deleteUnpaidIntent,
  findIntentFor,
  findIntentOfOrder,
  insertIntent,
  markIntentRefunded,
  insertRefund,
  markIntentSucceeded,
} from './payments.repository';

const p = copy.payment;

export interface StripeProviderOptions {
  secretKey: string;
  publishableKey: string;
  /** Where Stripe's API is: Stripe's own by default; tests point the client at a local stand-in. */
  api?: { host: string; port: number; protocol: 'http' | 'https' };
}

/**
 * What a Stripe PaymentIntent means for an order: paid only when Stripe says it succeeded, for the
 * amount it received. Its id is the transaction id (a charge id would change when a payment is
 * retried; the intent is one per order).
 */
export function resultOfStripeIntent(intent: Stripe.PaymentIntent, orderId: string): ConfirmResult {
  if (intent.metadata?.orderId !== orderId) return { status: 'not_found' };
  if (intent.status === 'succeeded') {
    return { status: 'succeeded', transactionId: intent.id, amountCents: intent.amount_received };
  }
  return { status: 'failed', message: intent.last_payment_error?.message ?? p.notCompleted };
}

let loadedStripe: Promise<typeof Stripe> | undefined;

/** Stripe's library (about 20 MB once loaded), loaded when a shop that takes cards first needs it. */
function stripeLibrary(): Promise<typeof Stripe> {
  loadedStripe ??= import('stripe').then((module) => module.default);
  return loadedStripe;
}

async function isMissing(error: unknown): Promise<boolean> {
  const { errors } = await stripeLibrary();
  return error instanceof errors.StripeInvalidRequestError && error.statusCode === 404;
}

/**
 * Card payments through Stripe (Stripe Elements in the browser). The intent is created here for the
 * order's total; the browser confirms the card with Stripe.js; the order becomes paid only after the
 * server asked Stripe (the confirm route) or Stripe told it (the signed webhook).
 */
export class StripeProvider implements PaymentProvider {
  readonly name = 'stripe' as const;
  readonly publishableKey: string;
  private readonly stripe: Promise<Stripe>;

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    options: StripeProviderOptions,
  ) {
    this.publishableKey = options.publishableKey;
    this.stripe = stripeLibrary().then(
      (StripeClient) =>
        new StripeClient(options.secretKey, {
          ...options.api,
          // Creates and refunds carry idempotency keys, so a retried request never charges or refunds twice.
          maxNetworkRetries: 2,
          timeout: 20_000,
          appInfo: { name: 'Gearhouse' },
        }),
    );
  }

  /** One intent per order: the first is remembered and answered again; Stripe dedupes a racing create by its key. */
  async createIntent({ orderId, amountCents, currency, idempotencyKey }: CreateIntentInput): Promise<CreatedIntent> {
    const known = await findIntentOfOrder(this.db, orderId);
    if (known?.provider === 'stripe') return { intentId: known.id, clientSecret: known.client_secret };
    if (known) await deleteUnpaidIntent(this.db, known.id);

    const intent = await (
      await this.stripe
    ).paymentIntents.create(
      {
        amount: amountCents,
        // Stripe names currencies in lower case.
        currency: currency.toLowerCase(),
        metadata: { orderId },
        automatic_payment_methods: { enabled: true },
      },
      { idempotencyKey },
    );
    if (!intent.client_secret) throw new Error(`Stripe answered payment intent ${intent.id} without a client secret`);
    const now = this.clock.now().toISOString();
    await insertIntent(this.db, {
      id: intent.id,
      order_id: orderId,
      provider: 'stripe',
      client_secret: intent.client_secret,
      amount_cents: amountCents,
      status: 'requires_payment',
      transaction_id: null,
      created_at: now,
      updated_at: now,
    });
    const row: PaymentIntentRow | undefined = await findIntentOfOrder(this.db, orderId);
    if (row?.provider !== 'stripe') throw new Error(`payment intent of order ${orderId} vanished`);
    return { intentId: row.id, clientSecret: row.client_secret };
  }

  /** Asks Stripe for the intent's status: an intent that is not this order's is not found, whatever Stripe holds. */
  async confirm({ orderId, intentId }: ConfirmInput): Promise<ConfirmResult> {
    if (!intentId) return { status: 'not_found' };
    const known = await findIntentFor(this.db, { id: intentId, orderId, provider: 'stripe' });
    if (!known) return { status: 'not_found' };
    let intent: Stripe.PaymentIntent;
    try {
      intent = await (await this.stripe).paymentIntents.retrieve(intentId);
    } catch (error) {
      if (await isMissing(error)) return { status: 'not_found' };
      throw error;
    }
    const result = resultOfStripeIntent(intent, orderId);
    if (result.status === 'succeeded') {
      await markIntentSucceeded(this.db, intent.id, result.transactionId, this.clock.now().toISOString());
    }
    return result;
  }

  /** Asks Stripe about the order's known intent (a succeeded one whose webhook and confirmation were both lost). */
  async lookup(orderId: string): Promise<ConfirmResult> {
    const known = await findIntentOfOrder(this.db, orderId);
    if (known?.provider !== 'stripe') return { status: 'not_found' };
    return this.confirm({ orderId, intentId: known.id });
  }

  async refund({ transactionId, amountCents, idempotencyKey }: RefundInput): Promise<Refund> {
    const refund = await (
      await this.stripe
    ).refunds.create({ payment_intent: transactionId, amount: amountCents }, { idempotencyKey });
    await markIntentRefunded(this.db, transactionId, this.clock.now().toISOString());
    return { refundId: refund.id };
  }

  /** A part of the charge, keyed: Stripe answers a repeated key with its first refund. The charge stays taken for the rest. */
  async refundAmount({ orderId, transactionId, amountCents, idempotencyKey }: RefundInput): Promise<Refund> {
    const refund = await (
      await this.stripe
    ).refunds.create({ payment_intent: transactionId, amount: amountCents }, { idempotencyKey });
    await insertRefund(this.db, {
      idempotency_key: idempotencyKey,
      order_id: orderId,
      provider: 'stripe',
      transaction_id: transactionId,
      refund_id: refund.id,
      amount_cents: amountCents,
      created_at: this.clock.now().toISOString(),
    });
    return { refundId: refund.id };
  }

  /**
   * Verifies a webhook's `Stripe-Signature` over the raw body (HMAC with the endpoint's secret, within
   * Stripe's five-minute tolerance of `receivedAt`) and answers the event; throws when it does not verify.
   */
  static async verifyWebhook(rawBody: Buffer, signature: string, secret: string, receivedAt: Date): Promise<Stripe.Event> {
    return (await stripeLibrary()).webhooks.constructEvent(
      rawBody,
      signature,
      secret,
      undefined,
      undefined,
      receivedAt.getTime(),
    );
  }
}
