import { copy } from '#shared/copy';
import type {
  ListOrdersQuery,
  MyOrdersQuery,
  Order,
  OrderList,
  OrderStatusUpdate,
  PlaceOrderInput,
} from '#shared/schemas/orders';
import type { Clock } from '../../clock';
import type { Db } from '../../db/database';
import type { OrderRow, OrderStatus } from '../../db/schema';
import { AppError } from '../../app-error';
import type { SessionUser } from '../../session-user';
import { newId } from '../../ids';
import type { EventBus } from '../../events';
import { findLivePart, releaseStock, reserveStock } from '../parts';
import {
  cancelUnpaidOrder,
  countUnpaidOrders,
  findOrder,
  findOrderByIdempotencyKey,
  insertOrder,
  isUniqueViolation,
  listAllOrders,
  listUserOrders,
  lockCustomerForBooking,
  moveOrderStatus,
} from './orders.repository';

/** When an unpaid order booked at `createdAt` expires. */
export function payByOf(createdAt: string, paymentWindowHours: number): string {
  return new Date(Date.parse(createdAt) + paymentWindowHours * 3_600_000).toISOString();
}

export function toOrderAt(row: OrderRow, paymentWindowHours: number): Order {
  return {
    id: row.id,
    partId: row.part_id,
    partName: row.part_name,
    imageUrl: row.image_url,
    quantity: row.quantity,
    unitPriceCents: row.unit_price_cents,
    totalCents: Number(row.total_cents),
    status: row.status,
    cancelReason: row.cancel_reason,
    payBy: row.status === 'pending_payment' ? payByOf(row.created_at, paymentWindowHours) : null,
    transactionId: row.transaction_id,
    paidAt: row.paid_at,
    createdAt: row.created_at,
    customer: { name: row.customer_name, email: row.customer_email, phone: row.phone, address: row.address },
  };
}

const orderNotFound = () => new AppError('not_found', copy.orders.notFound);
const partNotFound = () => new AppError('not_found', copy.part.notFound);
const quantityProblem = (message: string) => new AppError('validation_failed', message, { quantity: message });
const outOfStock = () => new AppError('insufficient_stock', copy.booking.outOfStock);

/** The one step an admin may take from each status. */
const previousStatus: Record<OrderStatusUpdate['status'], OrderStatus> = { shipped: 'paid', delivered: 'shipped' };

/** Owner or admin sees an order; anyone else is told it does not exist. */
function visibleTo(row: OrderRow | undefined, user: SessionUser): row is OrderRow {
  return row !== undefined && (row.user_id === user.id || user.role === 'admin');
}

export interface OrdersServiceDeps {
  clock: Clock;
  /** ORDER_PAYMENT_WINDOW_HOURS: how long an unpaid order holds its stock. */
  paymentWindowHours: number;
  /** MAX_UNPAID_ORDERS: how many unpaid orders (and the stock they hold) one customer may have at once. */
  maxUnpaidOrders: number;
  /** REQUIRE_VERIFIED_EMAIL: only a customer whose address is verified may book. */
  requireVerifiedEmail: boolean;
  /** Where the service announces what it did (orderPlaced, orderCancelled, orderShipped, …). */
  events: EventBus;
}

export function createOrdersService(
  db: Db,
  { clock, paymentWindowHours, maxUnpaidOrders, requireVerifiedEmail, events }: OrdersServiceDeps,
) {
  const toOrder = (row: OrderRow) => toOrderAt(row, paymentWindowHours);

  async function mustSee(id: string, user: SessionUser): Promise<OrderRow> {
    const row = await findOrder(db, id);
    if (!visibleTo(row, user)) throw orderNotFound();
    return row;
  }

  async function replayed(scopedKey: string | null): Promise<{ id: string } | undefined> {
    if (!scopedKey) return undefined;
    const first = await findOrderByIdempotencyKey(db, scopedKey);
    return first ? { id: first.id } : undefined;
  }

  return {
    /**
     * Books a part: the total comes from the part's current price, the stock goes down only if enough
     * is left, and the order is written in the same transaction. A retry with the same Idempotency-Key
     * answers the first order.
     */
    async placeOrder(user: SessionUser, input: PlaceOrderInput, idempotencyKey?: string): Promise<{ id: string }> {
      // A fresh account cannot hold the catalogue: it must first show it owns its address.
      if (requireVerifiedEmail && !user.emailVerified) {
        throw new AppError('email_not_verified', copy.booking.emailNotVerified(user.email));
      }
      const scopedKey = idempotencyKey ? `${user.id}:${idempotencyKey}` : null;
      const earlier = await replayed(scopedKey);
      if (earlier) return earlier;

      const part = await findLivePart(db, input.partId);
      if (!part) throw partNotFound();
      if (input.quantity < part.min_order_quantity)
        throw quantityProblem(copy.validation.quantityTooLow(part.min_order_quantity));
      if (input.quantity > part.stock) throw quantityProblem(copy.validation.quantityTooHigh);

      const id = newId();
      const now = clock.now().toISOString();
      try {
        await events.transaction(db, async ({ trx, announce }) => {
          // Counted and added in one step: two bookings at once cannot both be the customer's last allowed one.
          await lockCustomerForBooking(trx, user.id);
          if ((await countUnpaidOrders(trx, user.id)) >= maxUnpaidOrders) {
            throw new AppError('too_many_unpaid_orders', copy.booking.tooManyUnpaid(maxUnpaidOrders));
          }
          // One statement takes the stock and reads the price it was taken at; the order follows.
          const taken = await reserveStock(trx, part.id, input.quantity, now);
          if (!taken) throw outOfStock();
          const row: OrderRow = {
            id,
            user_id: user.id,
            part_id: taken.id,
            part_name: taken.name,
            image_url: taken.image_url,
            unit_price_cents: taken.price_cents,
            quantity: input.quantity,
            total_cents: taken.price_cents * input.quantity,
            customer_name: user.name,
            customer_email: user.email,
            phone: input.phone,
            address: input.address,
            status: 'pending_payment',
            cancel_reason: null,
            transaction_id: null,
            paid_at: null,
            idempotency_key: scopedKey,
            created_at: now,
            updated_at: now,
          };
          await insertOrder(trx, row);
          await announce('orderPlaced', { order: row, at: now });
        });
      } catch (error) {
        // The same key raced itself: the other request's order stands, and this one rolled back.
        if (isUniqueViolation(error)) {
          const first = await replayed(scopedKey);
          if (first) return first;
        }
        throw error;
      }
      return { id };
    },

    async getOrder(id: string, user: SessionUser): Promise<Order> {
      const row = await mustSee(id, user);
      return { ...toOrder(row), yours: row.user_id === user.id };
    },

    async listMyOrders(user: SessionUser, query: MyOrdersQuery): Promise<OrderList> {
      const { rows, total } = await listUserOrders(db, user.id, query);
      return { items: rows.map(toOrder), total, page: query.page, limit: query.limit };
    },

    async listOrders(query: ListOrdersQuery): Promise<OrderList> {
      const { rows, total } = await listAllOrders(db, query);
      return { items: rows.map(toOrder), total, page: query.page, limit: query.limit };
    },

    /**
     * Cancels an unpaid order (its owner or an admin) and gives its quantity back to stock. When an
     * admin cancels it, the customer is mailed, in the same transaction: their order does not just
     * vanish.
     */
    async cancelOrder(id: string, user: SessionUser): Promise<Order> {
      const row = await mustSee(id, user);
      const reason = row.user_id === user.id ? 'customer' : 'admin';
      const now = clock.now().toISOString();
      const cancelled = await events.transaction(db, async ({ trx, announce }) => {
        if (!(await cancelUnpaidOrder(trx, row.id, reason, now))) return false;
        await releaseStock(trx, row.part_id, row.quantity, now);
        const order: OrderRow = { ...row, status: 'cancelled', cancel_reason: reason, updated_at: now };
        await announce('orderCancelled', { order, at: now, by: reason });
        return true;
      });
      if (!cancelled) {
        throw new AppError('conflict', copy.orders.onlyUnpaidCancellable);
      }
      return toOrder((await findOrder(db, row.id)) ?? row);
    },

    /** Admin: paid → shipped → delivered, one step at a time. */
    async updateStatus(id: string, { status }: OrderStatusUpdate): Promise<Order> {
      const row = await findOrder(db, id);
      if (!row) throw orderNotFound();
      const from = previousStatus[status];
      const now = clock.now().toISOString();
      // Announced with the move, so the customer's mail is written exactly when it happened.
      const moved = await events.transaction(db, async ({ trx, announce }) => {
        if (!(await moveOrderStatus(trx, id, from, status, now))) return false;
        const order: OrderRow = { ...row, status, updated_at: now };
        await announce(status === 'shipped' ? 'orderShipped' : 'orderDelivered', { order, at: now });
        return true;
      });
      if (!moved) {
        throw new AppError(
          'conflict',
          copy.orders.statusStepRefused(from.replace('_', ' '), status, row.status.replace('_', ' ')),
        );
      }
      return toOrder((await findOrder(db, id)) ?? row);
    },
  };
}

export type OrdersService = ReturnType<typeof createOrdersService>;
