import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { PlaceOrderInput } from '#shared/schemas/orders';
import type { Db } from '../db/database';
import type { TestAccount } from './accounts';
import { type ApiResponse, testApi } from './api';
import { bookingBody } from './booking';
import { insertPart, type PartWithStock } from './factories';

/** What the order helpers need of a test's context (`describeOnEachEngine` hands one out). */
export interface OrderTestContext {
  app: FastifyInstance;
  database: { db: Db };
}

/** A card the sandbox provider accepts; `DECLINED_CARD` one it declines. */
export const GOOD_CARD = { number: '4242 4242 4242 4242', expMonth: 12, expYear: 2030, cvc: '123' };
export const DECLINED_CARD = { ...GOOD_CARD, number: '4000 0000 0000 0002' };

export interface PlacedOrder {
  id: string;
  partId: string;
}

/** Books a part as `account` through the API (the part's minimum, by default 12), expecting 201. */
export async function placedOrder(
  ctx: OrderTestContext,
  account: TestAccount | { cookie: string },
  partId: string,
  overrides: Partial<PlaceOrderInput> = {},
): Promise<PlacedOrder> {
  const res = await testApi(ctx).as(account).post('/api/orders', bookingBody(partId, overrides));
  expect(res.status, res.body).toBe(201);
  return { id: res.json.id as string, partId };
}

/** Opens the order's payment (expecting 200) and answers its client secret. */
export async function openPayment(ctx: OrderTestContext, account: { cookie: string }, orderId: string): Promise<string> {
  const intent = await testApi(ctx).as(account).post(`/api/orders/${orderId}/payment-intent`);
  expect(intent.status, intent.body).toBe(200);
  return intent.json.clientSecret as string;
}

/** Pays the order by card in the sandbox, and answers the payment's response, whatever it is. */
export async function payByCard(
  ctx: OrderTestContext,
  account: { cookie: string },
  orderId: string,
  card: object = GOOD_CARD,
): Promise<ApiResponse & { clientSecret: string }> {
  const clientSecret = await openPayment(ctx, account, orderId);
  const res = await testApi(ctx).as(account).post(`/api/orders/${orderId}/payment`, { clientSecret, card });
  return Object.assign(res, { clientSecret });
}

/** Books a part and pays for it, expecting both to succeed. */
export async function paidOrder(
  ctx: OrderTestContext,
  account: TestAccount | { cookie: string },
  partId: string,
  overrides: Partial<PlaceOrderInput> = {},
): Promise<PlacedOrder & { clientSecret: string; transactionId: string }> {
  const placed = await placedOrder(ctx, account, partId, overrides);
  const paid = await payByCard(ctx, account, placed.id);
  expect(paid.status, paid.body).toBe(200);
  return { ...placed, clientSecret: paid.clientSecret, transactionId: paid.json.transactionId as string };
}

/** The orders with a line of this part, oldest id first, each with that line's unit price and quantity. */
export function ordersWithPart(db: Db, partId: string) {
  return db
    .selectFrom('orders')
    .innerJoin('order_lines', 'order_lines.order_id', 'orders.id')
    .selectAll('orders')
    .select(['order_lines.unit_price_cents', 'order_lines.quantity'])
    .where('order_lines.part_id', '=', partId)
    .where('order_lines.kind', '=', 'part')
    .orderBy('orders.id')
    .execute();
}

/** A part's stock as the database holds it now. */
export async function stockOf(db: Db, partId: string): Promise<number> {
  return (await db.selectFrom('part_stock').select('stock').where('part_id', '=', partId).executeTakeFirstOrThrow()).stock;
}

/**
 * The steps of an order's life over HTTP, as the web app takes them, with what the database then
 * holds: for tests that follow orders through booking, payment, shipping, expiry and their mails.
 */
/** The mails of an order's life in the order it writes them; mail of any other kind after them. */
const MAIL_LIFE = ['order-placed', 'order-paid', 'order-shipped', 'order-cancelled', 'order-expired', 'order-part-withdrawn'];
const lifeRank = (kind: string) => (MAIL_LIFE.includes(kind) ? MAIL_LIFE.indexOf(kind) : MAIL_LIFE.length);

export function orderSteps(ctx: OrderTestContext) {
  const { db } = ctx.database;
  return {
    api: testApi(ctx),
    /** Books 12 of a new part (with these columns) as `account`; answers the response, refused or not. */
    async book(account: { cookie: string }, part: Partial<PartWithStock> = {}, overrides: Partial<PlaceOrderInput> = {}) {
      const row = await insertPart(db, part);
      const res = await testApi(ctx).as(account).post('/api/orders', bookingBody(row.id, overrides));
      return { res, partId: row.id };
    },
    /** Books 12 of a new part as `book` does, expecting 201. */
    async place(account: { cookie: string }, part: Partial<PartWithStock> = {}, overrides: Partial<PlaceOrderInput> = {}) {
      const row = await insertPart(db, part);
      const { id } = await placedOrder(ctx, account, row.id, overrides);
      return { orderId: id, partId: row.id };
    },
    /** Pays by card, expecting 200; answers the client secret, with which a repeated confirmation can be sent. */
    async pay(account: { cookie: string }, orderId: string) {
      const res = await payByCard(ctx, account, orderId);
      expect(res.status, res.body).toBe(200);
      return res.clientSecret;
    },
    /** Pays by card; answers the payment's response, refused or not (the payment's opening must succeed). */
    tryPay: (account: { cookie: string }, orderId: string, card: object = GOOD_CARD) => payByCard(ctx, account, orderId, card),
    order: (orderId: string) => db.selectFrom('orders').selectAll().where('id', '=', orderId).executeTakeFirstOrThrow(),
    ordersOf: (account: { email: string }) =>
      db.selectFrom('orders').selectAll().where('customer_email', '=', account.email).execute(),
    stockOf: (partId: string) => stockOf(db, partId),
    /**
     * The mails written to this address, oldest first. The test clock stands still unless a test moves
     * it, so mails of one moment are put in the order an order's life writes them (placed, paid,
     * shipped, …): the table's own order is whatever its last updates left.
     */
    outboxOf: async (email: string) =>
      (await db.selectFrom('mail_outbox').selectAll().where('recipient', '=', email).execute()).sort(
        (a, b) => String(a.created_at).localeCompare(String(b.created_at)) || lifeRank(a.kind) - lifeRank(b.kind),
      ),
  };
}
