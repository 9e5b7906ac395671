import { SqliteAdapter, sql } from 'kysely';
import { type Db, isPostgres } from '../../db/database';
import type { Write } from '../../db/write-together';
import { inIdOrder, type PageRequest } from '../../db/pagination';
import type { OrderSearch } from '#shared/order-number';
import type { MyOrdersView } from '#shared/schemas/orders';
import type { CancelReason, OrderLineRow, OrderRow, OrderStatus } from '../../db/schema';

/**
 * The statuses that hold stock until they are paid or decided: unpaid, and awaiting a company admin's
 * approval. Both expire after the payment window, and their customer may cancel them.
 */
export const HOLDING_STATUSES: OrderStatus[] = ['pending_payment', 'awaiting_approval'];

export async function findOrder(db: Db, id: string): Promise<OrderRow | undefined> {
  return db.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The order when it is this customer's. */
export async function findOrderOf(db: Db, id: string, userId: string): Promise<OrderRow | undefined> {
  return db.selectFrom('orders').selectAll().where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
}

export async function findOrderByIdempotencyKey(db: Db, key: string): Promise<OrderRow | undefined> {
  return db.selectFrom('orders').selectAll().where('idempotency_key', '=', key).executeTakeFirst();
}

/** What a customer's unpaid orders hold: how many, and what they come to together in cents. */
export interface UnpaidHeld {
  n: number;
  cents: number;
}

/**
 * How many orders the customer has waiting for payment and what they come to (one row the triggers
 * keep, migrations 0017 and 0024), holding the customer's other bookings back until this transaction
 * ends, so that checking and adding one is a single step. On PostgreSQL an upsert that changes nothing
 * locks the customer's row (making it at 0 for a first booking) and answers its latest committed
 * figures: a second booking of the same customer waits here for the first to commit, then reads them
 * with the first one's order in. (A select joined to a locked row would not: after the wait it still
 * reads the figures of before.) On SQLite the one writer already runs transactions one at a time.
 */
export async function lockUnpaidOrdersOf(trx: Db, userId: string): Promise<UnpaidHeld> {
  if (trx.getExecutor().adapter instanceof SqliteAdapter) {
    const row = await trx.selectFrom('unpaid_orders').select(['n', 'cents']).where('user_id', '=', userId).executeTakeFirst();
    return { n: Number(row?.n ?? 0), cents: Number(row?.cents ?? 0) };
  }
  // The customer's row, locked (made at 0 when missing), and its latest committed figures.
  const row = await trx
    .insertInto('unpaid_orders')
    .values({ user_id: userId, n: 0, cents: 0 })
    .onConflict((conflict) => conflict.column('user_id').doUpdateSet({ n: sql<number>`unpaid_orders.n` }))
    .returning(['n', 'cents'])
    .executeTakeFirst();
  // The upsert makes the row when it is missing, so it always answers one.
  if (!row) throw new Error(`the unpaid orders of ${userId} were neither counted nor locked`);
  return { n: Number(row.n), cents: Number(row.cents) };
}

/**
 * Locks these customers' rows of unpaid orders (PostgreSQL), in ascending user id, before their orders
 * change: a cancel or a payment takes the customer's row first, as a booking does, ahead of the order's
 * row and the stock (docs/decisions/0029-one-lock-order.md). Otherwise the status's trigger would take
 * it only after the shared counters, while a booking holding it waits for them. A customer without a
 * row has no unpaid order, and nothing to lock. SQLite runs one writing transaction at a time.
 */
export async function lockUnpaidOrdersRows(trx: Db, userIds: readonly string[]): Promise<void> {
  if (userIds.length === 0 || !isPostgres(trx)) return;
  await trx
    .selectFrom('unpaid_orders')
    .select('user_id')
    .where('user_id', 'in', [...new Set(userIds)])
    .orderBy('user_id')
    .forUpdate()
    .execute();
}

/** `lockUnpaidOrdersRows` for the customer of this order, in one statement (a payment's first). */
export async function lockUnpaidOrdersRowOfOrder(trx: Db, orderId: string): Promise<void> {
  if (!isPostgres(trx)) return;
  await trx
    .selectFrom('unpaid_orders')
    .select('user_id')
    .where('user_id', '=', (eb) => eb.selectFrom('orders').select('user_id').where('id', '=', orderId))
    .forUpdate()
    .execute();
}

/**
 * The writes of an order and its lines, not yet made: the booking announces them, and they are made
 * with the writes of what follows from it (db/write-together.ts), in the caller's transaction.
 */
export function orderInserts(db: Db, row: OrderRow, lines: readonly OrderLineRow[]): Write[] {
  return [db.insertInto('orders').values(row), db.insertInto('order_lines').values([...lines])];
}

/** The lines of these orders, in order, by order id (one query for a page of orders). */
/** A line of goods, not a core deposit: what stock, units and sales count. */
export const isPartLine = (line: Pick<OrderLineRow, 'kind'>): boolean => (line.kind ?? 'part') === 'part';

export async function linesOfOrders(db: Db, orderIds: readonly string[]): Promise<Map<string, OrderLineRow[]>> {
  const lines = new Map<string, OrderLineRow[]>();
  if (orderIds.length === 0) return lines;
  const rows = await db
    .selectFrom('order_lines')
    .selectAll()
    .where('order_id', 'in', [...orderIds])
    .orderBy('order_id')
    .orderBy('position')
    .execute();
  for (const row of rows) {
    const line = { ...row, line_total_cents: Number(row.line_total_cents) };
    const list = lines.get(row.order_id);
    if (list) list.push(line);
    else lines.set(row.order_id, [line]);
  }
  return lines;
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

/** What both orders lists can be narrowed by: one order or invoice number, and booking times from/until (ISO, inclusive). */
export interface OrderListFilter {
  search?: OrderSearch | undefined;
  bookedFrom?: string | undefined;
  bookedUntil?: string | undefined;
}

/**
 * The orders of `filter`. A number is found through `orders_number_idx` (migration 0028: the same
 * expression, its numbers written as literals so that both engines match it to the index), an invoice
 * number through its unique index, the days through the index the list already walks.
 */
export function ordersMatching(db: Db, { search, bookedFrom, bookedUntil }: OrderListFilter) {
  let matching = ordersWhere(db);
  if (search?.kind === 'number') matching = matching.where(sql<string>`substr(orders.id, 1, 18)`, '=', search.idPrefix);
  else if (search?.kind === 'id') matching = matching.where('orders.id', '=', search.id);
  else if (search?.kind === 'invoice') matching = matching.where('orders.invoice_number', '=', search.invoiceNumber);
  if (bookedFrom) matching = matching.where('orders.created_at', '>=', bookedFrom);
  if (bookedUntil) matching = matching.where('orders.created_at', '<=', bookedUntil);
  return matching;
}

const isNarrowed = ({ search, bookedFrom, bookedUntil }: OrderListFilter) =>
  search !== undefined || bookedFrom !== undefined || bookedUntil !== undefined;

/** The orders that end without being sold: cancelled, and declined by a company admin. */
const ENDED_STATUSES: OrderStatus[] = ['cancelled', 'declined'];

/**
 * A customer's orders, newest first: the open ones (not cancelled or declined), the ended ones, or all;
 * narrowed by `filter`. With `companyId` (a company admin's), every order of that company as well.
 */
export async function listUserOrders(
  db: Db,
  userId: string,
  {
    view,
    companyId,
    filter = {},
    ...paging
  }: {
    view: MyOrdersView;
    companyId?: string | undefined;
    filter?: OrderListFilter;
    page: number;
    limit: number;
  },
): Promise<{ rows: OrderRow[]; total: number }> {
  const own = ordersMatching(db, filter).where((eb) =>
    companyId ? eb.or([eb('user_id', '=', userId), eb('company_id', '=', companyId)]) : eb('user_id', '=', userId),
  );
  const matching =
    view === 'open'
      ? own.where('status', 'not in', ENDED_STATUSES)
      : view === 'cancelled'
        ? own.where('status', 'in', ENDED_STATUSES)
        : own;
  // Counted from the customer's index (it carries the time and the status), whatever the number of orders.
  const [rows, count] = await Promise.all([
    pageOf(db, matching, paging),
    matching.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.total) };
}

/** Every order for the admin, newest first, optionally of one status; narrowed by `filter`. */
export async function listAllOrders(
  db: Db,
  { status, filter = {}, ...paging }: { status?: OrderStatus | undefined; filter?: OrderListFilter; page: number; limit: number },
): Promise<{ rows: OrderRow[]; total: number }> {
  let matching = ordersMatching(db, filter);
  if (status) matching = matching.where('status', '=', status);
  if (isNarrowed(filter)) {
    // A search or a range of days is counted through the index that finds it.
    const [rows, count] = await Promise.all([
      pageOf(db, matching, paging),
      matching.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
    ]);
    return { rows, total: Number(count.total) };
  }
  // The totals come from the per-status counters the database keeps (migration 0006), not from
  // counting a million rows.
  let counted = db.selectFrom('order_counts').select((eb) => eb.fn.coalesce(eb.fn.sum<number>('n'), eb.lit(0)).as('total'));
  if (status) counted = counted.where('status', '=', status);
  const [rows, count] = await Promise.all([pageOf(db, matching, paging), counted.executeTakeFirstOrThrow()]);
  return { rows, total: Number(count.total) };
}

/** What the orders export reads of an order, its lines summed up by the database. */
export type ExportedOrderRow = Pick<
  OrderRow,
  | 'id'
  | 'created_at'
  | 'paid_at'
  | 'status'
  | 'cancel_reason'
  | 'customer_name'
  | 'customer_email'
  | 'phone'
  | 'address'
  | 'total_cents'
  | 'transaction_id'
  | 'invoice_number'
  | 'goods_cents'
  | 'delivery_cents'
  | 'tax_cents'
  | 'po_number'
  | 'payment_method'
  | 'due_date'
> & {
  /** The delivery address's country code; null on orders placed before addresses were structured. */
  delivery_country: string | null;
  /** The name of the company it was placed for; null for a person's order. */
  company_name: string | null;
  /** The order's lines in their order, as `SKU × quantity` joined with `; ` (empty without lines). */
  lines: string;
  /** The quantities of its lines, summed. */
  units: number;
};

/**
 * The next `limit` orders of the export, newest first by `(created_at, id)`, booked in
 * [`bookedFrom`, `bookedUntil`] and of `status` when given, after the last order of the previous batch.
 * SQLite's export reads through it; PostgreSQL's writes its records itself (`ordersCsvSelectSql`), and
 * the tests hold the two to the same bytes.
 * Keyset paging walks `orders_created_idx` (or `orders_status_created_idx` with a status, migration
 * 0003), so each batch costs the same however deep the export is. Each order's lines come summed up in
 * its row (through the order_lines primary key), not as objects of their own: at a million orders the
 * objects of a second query were most of what the export made and dropped.
 */
export async function exportBatch(
  db: Db,
  {
    status,
    bookedFrom,
    bookedUntil,
    after,
    limit,
  }: {
    status?: OrderStatus | undefined;
    bookedFrom?: string | undefined;
    bookedUntil?: string | undefined;
    after?: { createdAt: string; id: string } | undefined;
    limit: number;
  },
): Promise<ExportedOrderRow[]> {
  const line = sql<string>`order_lines.sku || ' × ' || order_lines.quantity`;
  const sqlite = db.getExecutor().adapter instanceof SqliteAdapter;
  const joinedLines = sqlite
    ? sql<string>`group_concat(${line}, '; ' order by order_lines.position)`
    : sql<string>`string_agg(${line}, '; ' order by order_lines.position)`;
  const deliveryCountry = sqlite
    ? sql<string | null>`json_extract(orders.delivery_address, '$.country')`
    : sql<string | null>`(orders.delivery_address::jsonb ->> 'country')`;
  let query = db.selectFrom('orders').select((eb) => [
    'orders.id',
    'orders.created_at',
    'orders.paid_at',
    'orders.status',
    'orders.cancel_reason',
    'orders.customer_name',
    'orders.customer_email',
    'orders.phone',
    'orders.address',
    'orders.total_cents',
    'orders.transaction_id',
    'orders.invoice_number',
    'orders.goods_cents',
    'orders.delivery_cents',
    'orders.tax_cents',
    'orders.po_number',
    'orders.payment_method',
    'orders.due_date',
    deliveryCountry.as('delivery_country'),
    eb
      .selectFrom('companies')
      .select('companies.name')
      .whereRef('companies.id', '=', 'orders.company_id')
      .$asScalar()
      .as('company_name'),
    eb
      .selectFrom('order_lines')
      .select(sql<string>`coalesce(${joinedLines}, '')`.as('lines'))
      .whereRef('order_lines.order_id', '=', 'orders.id')
      .where('order_lines.kind', '=', 'part')
      .$asScalar()
      .as('lines'),
    eb
      .selectFrom('order_lines')
      .select(sql<number>`coalesce(sum(order_lines.quantity), 0)`.as('units'))
      .whereRef('order_lines.order_id', '=', 'orders.id')
      .where('order_lines.kind', '=', 'part')
      .$asScalar()
      .as('units'),
  ]);
  if (status) query = query.where('orders.status', '=', status);
  if (bookedFrom) query = query.where('orders.created_at', '>=', bookedFrom);
  if (bookedUntil) query = query.where('orders.created_at', '<=', bookedUntil);
  if (after) {
    query = query
      .where('orders.created_at', '<=', after.createdAt)
      .where((eb) => eb.or([eb('orders.created_at', '<', after.createdAt), eb('orders.id', '<', after.id)]));
  }
  return query.orderBy('orders.created_at', 'desc').orderBy('orders.id', 'desc').limit(limit).execute();
}

/**
 * Up to `limit` unpaid orders booked at or before `cutoff`, oldest first by `(created_at, id)`, after
 * `after` when given (the last of the previous batch), through `orders_status_created_idx`.
 */
export async function findUnpaidOrdersBookedBefore(
  db: Db,
  cutoff: string,
  limit: number,
  after?: { createdAt: string; id: string },
): Promise<{ id: string; created_at: string }[]> {
  let query = db
    .selectFrom('orders')
    .select(['id', 'created_at'])
    .where('status', 'in', HOLDING_STATUSES)
    .where('created_at', '<=', cutoff);
  if (after) {
    query = query
      .where('created_at', '>=', after.createdAt)
      .where((eb) => eb.or([eb('created_at', '>', after.createdAt), eb('id', '>', after.id)]));
  }
  return query.orderBy('created_at').orderBy('id').limit(limit).execute();
}

/** Whether a part was ever ordered (its row is then kept, archived, for the orders' history). */
export async function partWasOrdered(db: Db, partId: string): Promise<boolean> {
  return (
    (await db.selectFrom('order_lines').select('order_id').where('part_id', '=', partId).limit(1).executeTakeFirst()) !==
    undefined
  );
}

/** The orders with a line of this part. */
function ordersWithPart(db: Db, partId: string) {
  return db.selectFrom('order_lines').select('order_id').where('part_id', '=', partId);
}

/** How many unpaid orders a part has. */
export async function countUnpaidOrdersOfPart(db: Db, partId: string): Promise<number> {
  const row = await db
    .selectFrom('orders')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('id', 'in', ordersWithPart(db, partId))
    .where('status', 'in', HOLDING_STATUSES)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The unpaid orders with a line of a part, and whose they are, in id order. */
export async function unpaidOrdersOfPart(db: Db, partId: string): Promise<Pick<OrderRow, 'id' | 'user_id'>[]> {
  return db
    .selectFrom('orders')
    .select(['id', 'user_id'])
    .where('id', 'in', ordersWithPart(db, partId))
    .where('status', 'in', HOLDING_STATUSES)
    .orderBy('id')
    .execute();
}

/**
 * Of these orders, the ones still unpaid, their rows locked in ascending id (PostgreSQL) until the
 * transaction ends: a payment or another cancel of one waits, and then finds it no longer unpaid.
 * SQLite runs one writing transaction at a time.
 */
export async function lockUnpaidOrders(
  trx: Db,
  ids: readonly string[],
  statuses: readonly OrderStatus[] = HOLDING_STATUSES,
): Promise<string[]> {
  if (ids.length === 0) return [];
  const query = trx
    .selectFrom('orders')
    .select('id')
    .where('id', 'in', [...ids])
    .where('status', 'in', [...statuses])
    .orderBy('id');
  const rows = await (isPostgres(trx) ? query.forNoKeyUpdate() : query).execute();
  return rows.map((row) => row.id);
}

/**
 * Cancels these orders where they are still unpaid (or awaiting approval), in one statement; answers the
 * orders it cancelled. `declined`: a company admin declined them instead, with a reason.
 */
export async function cancelUnpaidOrders(
  db: Db,
  ids: readonly string[],
  reason: CancelReason,
  now: string,
  declined?: { reason: string; by: string },
): Promise<OrderRow[]> {
  if (ids.length === 0) return [];
  return db
    .updateTable('orders')
    .set(
      declined
        ? { status: 'declined', decline_reason: declined.reason, decided_by: declined.by, updated_at: now }
        : { status: 'cancelled', cancel_reason: reason, updated_at: now },
    )
    .where('id', 'in', [...ids])
    .where('status', 'in', declined ? ['awaiting_approval'] : HOLDING_STATUSES)
    .returningAll()
    .execute();
}

/** Moves an order from one status to the next; answers whether it was in `from`. */
export async function moveOrderStatus(db: Db, id: string, from: OrderStatus, to: OrderStatus, now: string): Promise<boolean> {
  const result = await db
    .updateTable('orders')
    .set({ status: to, updated_at: now, ...(to === 'delivered' ? { delivered_at: now } : {}) })
    .where('id', '=', id)
    .where('status', '=', from)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

const BUYER_STATUSES: OrderStatus[] = ['paid', 'confirmed', 'shipped', 'delivered'];

/** Who a review is by and what it is about: a part, or the shop (null). */
export interface ReviewSubject {
  userId: string;
  partId: string | null;
}

/**
 * Which of these subjects are backed by a paid (or later) order: of that part, or of anything for the
 * shop. One query for a whole page of reviews: each subject is an `exists` that stops at the first
 * such order (the customer's orders index, then the part), united into one statement. Answers the
 * positions (in `subjects`) that are.
 */
export async function boughtSubjects(db: Db, subjects: readonly ReviewSubject[]): Promise<Set<number>> {
  if (subjects.length === 0) return new Set();
  const queries = subjects.map(({ userId, partId }, position) =>
    db.selectNoFrom(sql<number>`cast(${position} as integer)`.as('position')).where(({ exists, selectFrom }) =>
      exists(
        selectFrom('orders')
          .select('orders.id')
          .where('orders.user_id', '=', userId)
          .where('orders.status', 'in', BUYER_STATUSES)
          .$if(partId !== null, (query) =>
            query.where(({ exists, selectFrom: lines }) =>
              exists(
                lines('order_lines')
                  .select('order_lines.order_id')
                  .whereRef('order_lines.order_id', '=', 'orders.id')
                  .where('order_lines.part_id', '=', partId!),
              ),
            ),
          ),
      ),
    ),
  );
  const [first, ...rest] = queries;
  const rows = await rest.reduce((union, query) => union.unionAll(query), first!).execute();
  return new Set(rows.map((row) => Number(row.position)));
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

/**
 * The orders paid on each day from `fromDay` (`YYYY-MM-DD`, UTC) and still paid, shipped or delivered,
 * and their total, from the per-day counters the database keeps (migration 0015). Days without sales
 * are absent.
 */
export async function salesByDay(db: Db, fromDay: string): Promise<{ day: string; orders: number; cents: number }[]> {
  const rows = await db
    .selectFrom('daily_sales')
    .select((eb) => ['day', eb.fn.sum<number>('orders').as('orders'), eb.fn.sum<number>('cents').as('cents')])
    .where('day', '>=', fromDay)
    .groupBy('day')
    .orderBy('day')
    .execute();
  return rows.map((row) => ({ day: row.day, orders: Number(row.orders), cents: Number(row.cents) }));
}

/** How many orders each status has, from the counters the database keeps (migration 0006). */
export async function countOrdersByStatus(db: Db): Promise<Map<OrderStatus, number>> {
  const rows = await db
    .selectFrom('order_counts')
    .select((eb) => ['status', eb.fn.sum<number>('n').as('n')])
    .groupBy('status')
    .execute();
  return new Map(rows.map((row) => [row.status, Number(row.n)]));
}

/** What the paid, shipped and delivered orders' lines of these parts brought, in cents, by part. */
export async function salesOfParts(db: Db, partIds: readonly string[]): Promise<Map<string, number>> {
  if (partIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('order_lines')
    .innerJoin('orders', 'orders.id', 'order_lines.order_id')
    .select((eb) => ['order_lines.part_id', eb.fn.sum<number>('order_lines.line_total_cents').as('cents')])
    .where('order_lines.part_id', 'in', [...partIds])
    .where('order_lines.kind', '=', 'part')
    .where('orders.status', 'in', ['paid', 'confirmed', 'shipped', 'delivered'])
    .groupBy('order_lines.part_id')
    .execute();
  return new Map(rows.map((row) => [row.part_id, Number(row.cents)]));
}
