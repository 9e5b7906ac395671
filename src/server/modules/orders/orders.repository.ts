import { sql } from 'kysely';
import type { Db } from '../../db/database';
import { inIdOrder, type PageRequest } from '../../db/pagination';
import type { CancelReason, OrderRow, OrderStatus } from '../../db/schema';

export async function findOrder(db: Db, id: string): Promise<OrderRow | undefined> {
  return db.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function findOrderByIdempotencyKey(db: Db, key: string): Promise<OrderRow | undefined> {
  return db.selectFrom('orders').selectAll().where('idempotency_key', '=', key).executeTakeFirst();
}

/** What an order copies from its part at the moment the stock is taken. */
export interface TakenPart {
  id: string;
  name: string;
  image_url: string;
  price_cents: number;
}

/**
 * Takes `quantity` from a live part's stock in one conditional statement, so concurrent bookings can
 * never oversell: the row lock (PostgreSQL) or the single writer (SQLite) makes the check and the
 * decrement one step. The part's name, picture and price come back with it (the row is ours until commit, so that is the price the stock was taken at) —
 * no second read. Answers undefined when the stock was not taken.
 */
export async function takeStockForOrder(db: Db, partId: string, quantity: number, now: string): Promise<TakenPart | undefined> {
  return db
    .updateTable('parts')
    .set({ stock: sql<number>`stock - ${quantity}`, updated_at: now })
    .where('id', '=', partId)
    .where('archived_at', 'is', null)
    .where('stock', '>=', quantity)
    .returning(['id', 'name', 'image_url', 'price_cents'])
    .executeTakeFirst();
}

/** Gives a cancelled order's quantity back, archived part or not. */
export async function returnStock(db: Db, partId: string, quantity: number, now: string): Promise<void> {
  await db
    .updateTable('parts')
    .set({ stock: sql<number>`stock + ${quantity}`, updated_at: now })
    .where('id', '=', partId)
    .execute();
}

export async function insertOrder(db: Db, row: OrderRow): Promise<void> {
  await db.insertInto('orders').values(row).execute();
}

/**
 * One page of orders, newest first. The page's ids are found from the index alone (a deep page skips
 * thousands of index entries, not rows), and only those rows are read.
 */
async function pageOf(db: Db, matching: ReturnType<typeof ordersWhere>, { page, limit }: PageRequest): Promise<OrderRow[]> {
  const ids = (
    await matching
      .select('id')
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(limit)
      .offset((page - 1) * limit)
      .execute()
  ).map((row) => row.id);
  if (ids.length === 0) return [];
  return inIdOrder(ids, await db.selectFrom('orders').selectAll().where('id', 'in', ids).execute());
}

function ordersWhere(db: Db) {
  return db.selectFrom('orders');
}

/** A customer's orders, newest first; cancelled ones are left out of My Orders. */
export async function listUserOrders(
  db: Db,
  userId: string,
  paging: { page: number; limit: number },
): Promise<{ rows: OrderRow[]; total: number }> {
  const matching = ordersWhere(db).where('user_id', '=', userId).where('status', '!=', 'cancelled');
  // Counted from the customer's index (it carries the status), whatever the number of orders.
  const [rows, count] = await Promise.all([
    pageOf(db, matching, paging),
    matching.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.total) };
}

/** Every order for the admin, newest first, optionally of one status. */
export async function listAllOrders(
  db: Db,
  { status, ...paging }: { status?: OrderStatus | undefined; page: number; limit: number },
): Promise<{ rows: OrderRow[]; total: number }> {
  const matching = status ? ordersWhere(db).where('status', '=', status) : ordersWhere(db);
  // The totals come from the per-status counters the database keeps (migration 0006), not from
  // counting a million rows.
  let counted = db.selectFrom('order_counts').select((eb) => eb.fn.coalesce(eb.fn.sum<number>('n'), eb.lit(0)).as('total'));
  if (status) counted = counted.where('status', '=', status);
  const [rows, count] = await Promise.all([pageOf(db, matching, paging), counted.executeTakeFirstOrThrow()]);
  return { rows, total: Number(count.total) };
}

/** Cancels an order only while it is unpaid; answers whether this call did it (two cancels never both do). */
export async function cancelUnpaidOrder(db: Db, id: string, reason: CancelReason, now: string): Promise<boolean> {
  const result = await db
    .updateTable('orders')
    .set({ status: 'cancelled', cancel_reason: reason, updated_at: now })
    .where('id', '=', id)
    .where('status', '=', 'pending_payment')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Moves an order from one status to the next; answers whether it was in `from`. */
export async function moveOrderStatus(db: Db, id: string, from: OrderStatus, to: OrderStatus, now: string): Promise<boolean> {
  const result = await db
    .updateTable('orders')
    .set({ status: to, updated_at: now })
    .where('id', '=', id)
    .where('status', '=', from)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

const BUYER_STATUSES: OrderStatus[] = ['paid', 'shipped', 'delivered'];

/** Which of these users have a paid (or later) order, in one query. */
export async function usersWithPaidOrders(db: Db, userIds: readonly string[]): Promise<Set<string>> {
  const ids = [...new Set(userIds)];
  if (ids.length === 0) return new Set();
  const rows = await db
    .selectFrom('orders')
    .select('user_id')
    .distinct()
    .where('user_id', 'in', ids)
    .where('status', 'in', BUYER_STATUSES)
    .execute();
  return new Set(rows.flatMap((row) => (row.user_id ? [row.user_id] : [])));
}

/** A unique-constraint failure on either engine (here: the same Idempotency-Key raced). */
export function isUniqueViolation(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const code = (error as { code?: unknown }).code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE';
}

/**
 * Marks an unpaid order paid with its transaction, in one conditional statement: a cancelled, expired
 * or already paid order is left alone. Answers whether this call did it.
 */
export async function markOrderPaid(db: Db, id: string, transactionId: string, now: string): Promise<boolean> {
  const result = await db
    .updateTable('orders')
    .set({ status: 'paid', transaction_id: transactionId, paid_at: now, updated_at: now })
    .where('id', '=', id)
    .where('status', '=', 'pending_payment')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}
