import { copy } from '#shared/copy';
import type { PaymentIntent, PaymentResult, PayOrderInput } from '#shared/schemas/payments';
import type { Clock } from '../../clock';
import type { Db } from '../../db/database';
import type { OrderRow } from '../../db/schema';
import { AppError } from '../../http/errors';
import type { SessionUser } from '../../http/guards';
import { findOrder, markOrderPaid } from '../orders/orders.repository';
import type { PaymentProvider } from './payment-provider';

const p = copy.payment;
const orderNotFound = () => new AppError('not_found', 'This order does not exist.');
const notPayable = () => new AppError('conflict', p.notPayable);

export interface PaymentsServiceDeps {
  clock: Clock;
  provider: PaymentProvider;
}

export function createPaymentsService(db: Db, { clock, provider }: PaymentsServiceDeps) {
  /** Only the customer who placed an order pays for it; anyone else (an admin too) is told it does not exist. */
  async function ownOrder(id: string, user: SessionUser): Promise<OrderRow> {
    const row = await findOrder(db, id);
    if (!row || row.user_id !== user.id) throw orderNotFound();
    return row;
  }

  /** The order's transaction when it is paid (or later) with this one, for a repeated payment. */
  function paidWith(row: OrderRow | undefined, transactionId: string): PaymentResult | undefined {
    return row && row.status !== 'pending_payment' && row.status !== 'cancelled' && row.transaction_id === transactionId
      ? { status: 'succeeded', transactionId }
      : undefined;
  }

  return {
    /** The intent for an unpaid order, for its total as booked; asking again answers the same one. */
    async createIntent(orderId: string, user: SessionUser): Promise<PaymentIntent> {
      const order = await ownOrder(orderId, user);
      if (order.status !== 'pending_payment') throw notPayable();
      const amountCents = Number(order.total_cents);
      const { clientSecret } = await provider.createIntent({
        orderId: order.id,
        amountCents,
        idempotencyKey: `order:${order.id}`,
      });
      return { provider: provider.name, clientSecret, amountCents };
    },

    /**
     * Pays an order. It becomes paid only once the provider confirmed the full amount, in one
     * conditional update; paying again answers the first transaction and charges nothing.
     */
    async pay(orderId: string, user: SessionUser, input: PayOrderInput): Promise<PaymentResult> {
      const order = await ownOrder(orderId, user);
      if (order.status === 'cancelled') throw notPayable();
      const confirmed = await provider.confirm({ orderId: order.id, clientSecret: input.clientSecret, card: input.card });
      if (confirmed.status === 'not_found') throw new AppError('not_found', p.intentNotFound);
      if (confirmed.status === 'failed') throw new AppError('payment_failed', confirmed.message);
      if (confirmed.amountCents !== Number(order.total_cents)) throw new AppError('conflict', p.amountMismatch);

      const repeated = paidWith(order, confirmed.transactionId);
      if (repeated) return repeated;
      if (await markOrderPaid(db, order.id, confirmed.transactionId, clock.now().toISOString())) {
        return { status: 'succeeded', transactionId: confirmed.transactionId };
      }
      // Another request for the same payment got there first; or the order was cancelled meanwhile.
      const now = paidWith(await findOrder(db, order.id), confirmed.transactionId);
      if (now) return now;
      throw notPayable();
    },
  };
}

export type PaymentsService = ReturnType<typeof createPaymentsService>;
