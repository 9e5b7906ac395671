import { orderNumberOf } from '#shared/order-number';
import { orderLineIdOf } from '#shared/schemas/returns';
import type { WebhookEvent, WebhookEventType } from '#shared/schemas/webhooks';
import type { Db } from '../../db/database';
import type { OrderLineRow, OrderRow, OrderStatus, ReturnRow } from '../../db/schema';
import type { Write } from '../../db/write-together';
import type { StockTaken } from '../../events';
import { newTimeOrderedId } from '../../ids';
import { findPartsByIds } from '../parts';
import { deliveriesInsert, shopListensTo } from './webhooks.repository';

/*
 * What each event's `data` holds (docs/connect.md, "Webhooks"). Fields are only ever added: a receiver
 * may rely on every one named here. Money is in integer cents of the order's currency.
 */

/** `order.created`: an order was placed (its status says whether it waits for payment, approval, or is confirmed). */
export interface OrderCreatedData {
  orderId: string;
  number: string;
  status: OrderStatus;
  companyId: string | null;
  poNumber: string | null;
  currency: string;
  paymentMethod: 'card' | 'account';
  goodsCents: number | null;
  deliveryCents: number;
  taxCents: number;
  totalCents: number;
  createdAt: string;
  lines: {
    /** `<orderId>:<position>`, as the orders API and returns name a line. */
    id: string;
    kind: 'part' | 'core';
    partId: string;
    sku: string;
    name: string;
    quantity: number;
    unitPriceCents: number;
    lineTotalCents: number;
  }[];
}

/** `order.status_changed`: an order's status changed after it was placed. */
export interface OrderStatusChangedData {
  orderId: string;
  number: string;
  status: OrderStatus;
  /** The status before, when the change says it (null when it could have been one of several). */
  previousStatus: OrderStatus | null;
  companyId: string | null;
}

/** `invoice.issued`: a card order was paid, or an order on account was confirmed: its invoice exists. */
export interface InvoiceIssuedData {
  orderId: string;
  orderNumber: string;
  invoiceNumber: string;
  currency: string;
  totalCents: number;
  /** An invoice on account's due date (YYYY-MM-DD); null for a card order, paid already. */
  dueDate: string | null;
  companyId: string | null;
}

/** `return.updated`: a return was requested or moved on. */
export interface ReturnUpdatedData {
  returnId: string;
  number: string;
  status: ReturnRow['status'];
  orderId: string;
  orderNumber: string;
  companyId: string | null;
  /** Once credited: the credit note and what it gave back. */
  creditNote: { number: string; totalCents: number } | null;
}

/** `part.stock_changed` (the shop's webhooks only): a part's stock as it is now. */
export interface PartStockChangedData {
  partId: string;
  sku: string;
  stock: number;
}

interface Announced {
  type: WebhookEventType;
  /** Whose webhooks hear it besides the shop's; null: the shop's only. */
  companyId: string | null;
  data: object;
}

/** The deliveries of these events (made at `at`), written with the change: each event one body and one id for every webhook. */
function fanOut(trx: Db, at: string, announced: readonly Announced[]): Write[] {
  if (announced.length === 0) return [];
  const events = announced.map(({ type, companyId, data }) => {
    const eventId = newTimeOrderedId();
    const event: WebhookEvent = { id: eventId, type, createdAt: at, data: data as Record<string, unknown> };
    return { eventId, type, payload: JSON.stringify(event), companyId };
  });
  return [deliveriesInsert(trx, at, events)];
}

const number = (value: number | string) => Number(value);

function orderCreated(order: OrderRow, lines: readonly OrderLineRow[]): OrderCreatedData {
  return {
    orderId: order.id,
    number: orderNumberOf(order.id),
    status: order.status,
    companyId: order.company_id,
    poNumber: order.po_number,
    currency: order.currency,
    paymentMethod: order.payment_method,
    goodsCents: order.goods_cents === null ? null : number(order.goods_cents),
    deliveryCents: number(order.delivery_cents),
    taxCents: number(order.tax_cents),
    totalCents: number(order.total_cents),
    createdAt: order.created_at,
    lines: lines.map((line) => ({
      id: orderLineIdOf(order.id, line.position),
      kind: line.kind ?? 'part',
      partId: line.part_id,
      sku: line.sku,
      name: line.part_name,
      quantity: line.quantity,
      unitPriceCents: number(line.unit_price_cents),
      lineTotalCents: number(line.line_total_cents),
    })),
  };
}

function statusChanged(order: OrderRow, previousStatus: OrderStatus | null): Announced {
  const data: OrderStatusChangedData = {
    orderId: order.id,
    number: orderNumberOf(order.id),
    status: order.status,
    previousStatus,
    companyId: order.company_id,
  };
  return { type: 'order.status_changed', companyId: order.company_id, data };
}

function invoiceIssued(order: OrderRow): Announced[] {
  if (order.invoice_number === null) return [];
  const data: InvoiceIssuedData = {
    orderId: order.id,
    orderNumber: orderNumberOf(order.id),
    invoiceNumber: order.invoice_number,
    currency: order.currency,
    totalCents: number(order.total_cents),
    dueDate: order.due_date,
    companyId: order.company_id,
  };
  return [{ type: 'invoice.issued', companyId: order.company_id, data }];
}

const stockChanged = (parts: readonly PartStockChangedData[]): Announced[] =>
  parts.map((data) => ({ type: 'part.stock_changed', companyId: null, data }));

/** What the order was before a shipment: paid by card, or confirmed on account. */
const beforeShipping = (order: OrderRow): OrderStatus => (order.payment_method === 'account' ? 'confirmed' : 'paid');

/**
 * The webhook deliveries each shop event writes, in the event's own transaction (consequences.ts
 * subscribes them as `during` handlers): a delivery exists exactly when the change does. Each answers
 * its writes, which go with the change's own; with no webhook they insert nothing.
 *
 * An order's first status is in `order.created`; `order.status_changed` is each change after it, so
 * the confirmation or the wait for approval announced at placement is not a change of its own.
 */
export function createWebhookEvents() {
  return {
    /** The order, and each part's stock it took: one statement for all. */
    orderPlaced: (trx: Db, order: OrderRow, lines: readonly OrderLineRow[], stockTaken: readonly StockTaken[], at: string) =>
      fanOut(trx, at, [
        { type: 'order.created', companyId: order.company_id, data: orderCreated(order, lines) },
        ...stockChanged(stockTaken.map(({ partId, sku, stock }) => ({ partId, sku, stock }))),
      ]),
    /** Confirmed on account: at placement (no change of status), or on approval (orderDecided says the change). */
    invoicedOnAccount: (trx: Db, order: OrderRow, at: string) => fanOut(trx, at, invoiceIssued(order)),
    decided: (trx: Db, order: OrderRow, at: string) => fanOut(trx, at, [statusChanged(order, 'awaiting_approval')]),
    paid: (trx: Db, order: OrderRow, at: string) =>
      fanOut(trx, at, [statusChanged(order, 'pending_payment'), ...invoiceIssued(order)]),
    shipped: (trx: Db, order: OrderRow, at: string) => fanOut(trx, at, [statusChanged(order, beforeShipping(order))]),
    delivered: (trx: Db, order: OrderRow, at: string) => fanOut(trx, at, [statusChanged(order, 'shipped')]),
    cancelled: (trx: Db, order: OrderRow, by: string, hadCreditNote: boolean, at: string) =>
      fanOut(trx, at, [statusChanged(order, hadCreditNote ? beforeShipping(order) : by === 'expiry' ? 'pending_payment' : null)]),
    returnChanged(
      trx: Db,
      ret: ReturnRow,
      order: OrderRow,
      creditNote: { number: string; totalCents: number } | undefined,
      at: string,
    ) {
      const data: ReturnUpdatedData = {
        returnId: ret.id,
        number: ret.number,
        status: ret.status,
        orderId: order.id,
        orderNumber: orderNumberOf(order.id),
        companyId: order.company_id,
        creditNote: creditNote ? { number: creditNote.number, totalCents: number(creditNote.totalCents) } : null,
      };
      return fanOut(trx, at, [{ type: 'return.updated', companyId: order.company_id, data }]);
    },
    /**
     * Parts whose stock went up or was set (an admin's restock, a cancelled order's or a return's units
     * back on sale): their stock is read only when the shop has a webhook that hears it.
     */
    async stockSet(trx: Db, partIds: readonly string[], at: string) {
      if (partIds.length === 0 || !(await shopListensTo(trx, 'part.stock_changed'))) return [];
      const parts = await findPartsByIds(trx, [...new Set(partIds)]);
      const now = [...parts.values()].map((part) => ({ partId: part.id, sku: part.sku, stock: number(part.stock) }));
      return now.length === 0 ? [] : fanOut(trx, at, stockChanged(now));
    },
  };
}

export type WebhookEvents = ReturnType<typeof createWebhookEvents>;
