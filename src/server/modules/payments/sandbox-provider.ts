import { randomBytes } from 'node:crypto';
import * as copy from '#shared/copy';
import type { Card } from '#shared/schemas/payments';
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
  findIntentOfOrder,
  insertIntent,
  markIntentFailed,
  markIntentSucceeded,
  refundIntentOfTransaction,
  findRefundByKey,
  insertRefund,
  refundedOfOrder,
} from './payments.repository';

const p = copy.payment;

/** The provider's test cards that fail, by number (docs/shop-rules.md, "Orders and payment"). */
const FAILING_TEST_CARDS: Record<string, string> = {
  '4000000000000002': p.declined,
  '4000000000009995': p.insufficientFunds,
  '4000000000000069': p.expired,
};

const token = (bytes: number) => randomBytes(bytes).toString('hex');

export function passesLuhn(digits: string): boolean {
  if (!/^[0-9]{12,19}$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/** What a provider's test mode would answer for this card now: null when it pays, else the message. */
export function cardProblem(card: Card, now: Date): string | null {
  const digits = card.number.replace(/ /g, '');
  if (!passesLuhn(digits)) return p.numberInvalid;
  // A card is good through the last day of its expiry month (UTC).
  const year = now.getUTCFullYear();
  const month = now.getUTCMonth() + 1;
  if (card.expYear < year || (card.expYear === year && card.expMonth < month)) return p.expiryInPast;
  if (!/^[0-9]{3,4}$/.test(card.cvc)) return p.cvcIncomplete;
  return FAILING_TEST_CARDS[digits] ?? null;
}

/** The intent's transaction when it took the money (and was not given back). */
function succeeded(row: PaymentIntentRow): ConfirmResult | undefined {
  return row.status === 'succeeded' && row.transaction_id
    ? { status: 'succeeded', transactionId: row.transaction_id, amountCents: Number(row.amount_cents) }
    : undefined;
}

/**
 * Behaves like a provider's test mode and keeps its intents in our database. No money moves; a
 * succeeded intent gets a made-up transaction id, once.
 */
export class SandboxProvider implements PaymentProvider {
  readonly name = 'sandbox' as const;

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  private findByOrder(orderId: string): Promise<PaymentIntentRow | undefined> {
    return findIntentOfOrder(this.db, orderId);
  }

  /** One intent per order: a repeat (or a race of two) answers the first one. */
  async createIntent({ orderId, amountCents }: CreateIntentInput): Promise<CreatedIntent> {
    const now = this.clock.now().toISOString();
    const id = `pi_sandbox_${token(12)}`;
    await insertIntent(this.db, {
      id,
      order_id: orderId,
      provider: 'sandbox',
      client_secret: `${id}_secret_${token(24)}`,
      amount_cents: amountCents,
      status: 'requires_payment',
      transaction_id: null,
      created_at: now,
      updated_at: now,
    });
    const intent = await this.findByOrder(orderId);
    if (!intent) throw new Error(`payment intent of order ${orderId} vanished`);
    return { intentId: intent.id, clientSecret: intent.client_secret };
  }

  async lookup(orderId: string): Promise<ConfirmResult> {
    const intent = await this.findByOrder(orderId);
    if (!intent) return { status: 'not_found' };
    return succeeded(intent) ?? { status: 'failed', message: p.notCompleted };
  }

  async confirm({ orderId, clientSecret, card }: ConfirmInput): Promise<ConfirmResult> {
    const intent = await this.findByOrder(orderId);
    if (!intent || !clientSecret || intent.client_secret !== clientSecret) return { status: 'not_found' };
    // Paid already: the first transaction again, nothing charged.
    const earlier = succeeded(intent);
    if (earlier) return earlier;
    // Its charge was given back (the order was cancelled first): it never charges again.
    if (intent.status === 'refunded') return { status: 'failed', message: p.cancelledRefunded };

    const now = this.clock.now().toISOString();
    const message = card ? cardProblem(card, this.clock.now()) : p.numberInvalid;
    if (message) {
      await markIntentFailed(this.db, intent.id, now);
      return { status: 'failed', message };
    }
    // One conditional update: of two confirmations at once only one charges; the other reads its transaction.
    await markIntentSucceeded(this.db, intent.id, `txn_sandbox_${token(12)}`, now);
    const after = await this.findByOrder(orderId);
    const result = after && succeeded(after);
    if (!result) throw new Error(`payment intent ${intent.id} did not succeed`);
    return result;
  }

  /** Marks the order's succeeded intent refunded, once; a repeat finds it refunded already and changes nothing. */
  async refund({ orderId, transactionId }: RefundInput): Promise<Refund> {
    await refundIntentOfTransaction(this.db, orderId, transactionId, this.clock.now().toISOString());
    const intent = await this.findByOrder(orderId);
    if (intent?.status !== 'refunded' || intent.transaction_id !== transactionId) {
      throw new Error(`sandbox transaction ${transactionId} of order ${orderId} cannot be refunded`);
    }
    return { refundId: `re_${transactionId}` };
  }

  /**
   * Records a part of the order's succeeded charge as given back, once per key: a repeat finds the
   * record and answers it. More than the charge has left is refused.
   */
  async refundAmount({ orderId, transactionId, amountCents, idempotencyKey }: RefundInput): Promise<Refund> {
    const known = await findRefundByKey(this.db, idempotencyKey);
    if (known) return { refundId: known.refund_id };
    const intent = await this.findByOrder(orderId);
    if (intent?.status !== 'succeeded' || intent.transaction_id !== transactionId) {
      throw new Error(`sandbox transaction ${transactionId} of order ${orderId} cannot be refunded`);
    }
    if ((await refundedOfOrder(this.db, orderId)) + amountCents > Number(intent.amount_cents)) {
      throw new Error(
        `sandbox transaction ${transactionId} of order ${orderId} has less than ${amountCents} cents left to refund`,
      );
    }
    await insertRefund(this.db, {
      idempotency_key: idempotencyKey,
      order_id: orderId,
      provider: 'sandbox',
      transaction_id: transactionId,
      refund_id: `re_${token(12)}`,
      amount_cents: amountCents,
      created_at: this.clock.now().toISOString(),
    });
    const made = await findRefundByKey(this.db, idempotencyKey);
    if (!made) throw new Error(`sandbox refund ${idempotencyKey} was not recorded`);
    return { refundId: made.refund_id };
  }
}
