import type { Db } from '../db/database';

/**
 * What must hold in the shop's database whatever happened to its nodes (a crash, a cut connection, a
 * database that went away), checked by reading the tables. Each check answers its violations as
 * sentences, none when it holds, so a failing test says what broke: `expect(violations).toEqual([])`.
 */

/** What the shop answered a client 2xx for: the client was told it happened, so it must have. */
export interface AnsweredOrders {
  /** Orders answered 201 to their booking. */
  placed: Iterable<string>;
  /** Orders answered 200 to a payment, with the transaction the answer named. */
  paid: Iterable<[orderId: string, transactionId: string]>;
  /** Orders answered 200 to their cancel. */
  cancelled: Iterable<string>;
}

const PAID_STATUSES = ['paid', 'shipped', 'delivered'] as const;
const isPaid = (status: string) => (PAID_STATUSES as readonly string[]).includes(status);

/** Every order answered 201 exists; every one answered paid is paid with that transaction; every one answered cancelled is cancelled. */
export async function answeredOrdersKept(db: Db, answered: AnsweredOrders): Promise<string[]> {
  const placed = [...answered.placed];
  const paid = [...answered.paid];
  const cancelled = [...answered.cancelled];
  const ids = [...new Set([...placed, ...paid.map(([id]) => id), ...cancelled])];
  const rows = new Map<string, { status: string; transaction_id: string | null }>();
  // In chunks: SQLite takes at most a few thousand parameters a statement.
  for (let i = 0; i < ids.length; i += 500) {
    const found = await db
      .selectFrom('orders')
      .select(['id', 'status', 'transaction_id'])
      .where('id', 'in', ids.slice(i, i + 500))
      .execute();
    for (const row of found) rows.set(row.id, row);
  }
  const violations: string[] = [];
  for (const id of placed) if (!rows.has(id)) violations.push(`order ${id} was answered 201 but is not in the database`);
  for (const [id, transactionId] of paid) {
    const row = rows.get(id);
    if (!row || !isPaid(row.status) || row.transaction_id !== transactionId) {
      violations.push(
        `order ${id} was answered paid with ${transactionId} but is ${row ? `${row.status} with ${row.transaction_id ?? 'no transaction'}` : 'missing'}`,
      );
    }
  }
  for (const id of cancelled) {
    const row = rows.get(id);
    if (row?.status !== 'cancelled') violations.push(`order ${id} was answered cancelled but is ${row?.status ?? 'missing'}`);
  }
  return violations;
}

/** Each part's stock is what it started with less the units on the lines of its orders not cancelled. */
export async function stockExact(db: Db, initialStock: ReadonlyMap<string, number>): Promise<string[]> {
  const partIds = [...initialStock.keys()];
  if (partIds.length === 0) return [];
  const stock = await db.selectFrom('part_stock').select(['part_id', 'stock']).where('part_id', 'in', partIds).execute();
  const held = await db
    .selectFrom('order_lines')
    .innerJoin('orders', 'orders.id', 'order_lines.order_id')
    .select(['order_lines.part_id', (eb) => eb.fn.sum<number | string>('order_lines.quantity').as('units')])
    .where('order_lines.part_id', 'in', partIds)
    .where('order_lines.kind', '=', 'part')
    .where('orders.status', '!=', 'cancelled')
    .groupBy('order_lines.part_id')
    .execute();
  const unitsOf = new Map(held.map((row) => [row.part_id, Number(row.units)]));
  const stockOf = new Map(stock.map((row) => [row.part_id, Number(row.stock)]));
  const violations: string[] = [];
  for (const [partId, initial] of initialStock) {
    const units = unitsOf.get(partId) ?? 0;
    const now = stockOf.get(partId);
    if (now !== initial - units) {
      violations.push(
        `part ${partId}: stock ${now ?? 'missing'}, but ${initial} less ${units} units held by orders is ${initial - units}`,
      );
    }
  }
  return violations;
}

/**
 * No money without its order: every charge (a payment intent that succeeded) belongs to an order paid
 * with that transaction, and a charge given back (refunded) to a cancelled order; no order is paid
 * without a charge of that transaction.
 */
export async function chargesSettled(db: Db): Promise<string[]> {
  const rows = await db
    .selectFrom('payment_intents')
    .innerJoin('orders', 'orders.id', 'payment_intents.order_id')
    .select([
      'payment_intents.id as intentId',
      'payment_intents.status as intentStatus',
      'payment_intents.transaction_id as charged',
      'orders.id as orderId',
      'orders.status as orderStatus',
      'orders.transaction_id as paidWith',
    ])
    .where('payment_intents.status', 'in', ['succeeded', 'refunded'])
    .execute();
  const violations: string[] = [];
  for (const row of rows) {
    if (row.intentStatus === 'succeeded' && (!isPaid(row.orderStatus) || row.paidWith !== row.charged)) {
      violations.push(
        `charge ${row.charged ?? row.intentId} of order ${row.orderId} is kept, but the order is ${row.orderStatus} with ${row.paidWith ?? 'no transaction'}`,
      );
    }
    if (row.intentStatus === 'refunded' && row.orderStatus !== 'cancelled') {
      violations.push(
        `charge ${row.charged ?? row.intentId} of order ${row.orderId} was refunded, but the order is ${row.orderStatus}`,
      );
    }
  }
  const charged = new Set(rows.filter((row) => row.intentStatus === 'succeeded').map((row) => `${row.orderId} ${row.charged}`));
  const paid = await db
    .selectFrom('orders')
    .select(['id', 'transaction_id'])
    .where('status', 'in', [...PAID_STATUSES])
    .execute();
  for (const order of paid) {
    if (!charged.has(`${order.id} ${order.transaction_id}`)) {
      violations.push(`order ${order.id} is paid with ${order.transaction_id ?? 'no transaction'}, which no charge took`);
    }
  }
  return violations;
}

/**
 * Once the outbox is drained, every mail in it was sent, and sent once: `delivered` lists the outbox
 * id of each message the mail server received (its Message-ID is made from the id). One window is
 * allowed, as docs/decisions/0014-mail-outbox.md says: a node that dies after the server took a mail
 * and before it marked the row sent leaves that mail to be sent again, the same message. Such a mail
 * was claimed more than once (`attempts` > 1), and came at most twice. Every paid order has its one
 * paid mail.
 */
export async function mailSentOnce(db: Db, delivered: readonly string[]): Promise<string[]> {
  const rows = await db.selectFrom('mail_outbox').select(['id', 'kind', 'sent_at', 'failed_at', 'attempts']).execute();
  const copies = new Map<string, number>();
  for (const id of delivered) copies.set(id, (copies.get(id) ?? 0) + 1);
  const violations: string[] = [];
  const known = new Set(rows.map((row) => row.id));
  for (const id of copies.keys()) if (!known.has(id)) violations.push(`mail ${id} was delivered but is not in the outbox`);
  for (const row of rows) {
    const count = copies.get(row.id) ?? 0;
    if (row.sent_at === null) {
      violations.push(`mail ${row.id} (${row.kind}) is not sent${row.failed_at === null ? '' : ': it was given up'}`);
    }
    if (row.sent_at !== null && count === 0) violations.push(`mail ${row.id} (${row.kind}) is marked sent but never arrived`);
    if (count > 2 || (count === 2 && Number(row.attempts) < 2)) {
      violations.push(`mail ${row.id} (${row.kind}) arrived ${count} times after ${row.attempts} attempt(s)`);
    }
  }
  const paidMails = await db
    .selectFrom('orders')
    .leftJoin('mail_outbox', (join) =>
      join.onRef('mail_outbox.invoice_order_id', '=', 'orders.id').on('mail_outbox.kind', '=', 'order-paid'),
    )
    .select(['orders.id', (eb) => eb.fn.count<number | string>('mail_outbox.id').as('mails')])
    .where('orders.status', 'in', [...PAID_STATUSES])
    .groupBy('orders.id')
    .execute();
  for (const order of paidMails) {
    if (Number(order.mails) !== 1) violations.push(`paid order ${order.id} has ${order.mails} paid mails`);
  }
  return violations;
}

/** Invoice numbers run 1, 2, 3… within each year, none missing or given twice, up to the year's counter. */
export async function invoiceNumbersGapless(db: Db): Promise<string[]> {
  const numbered = await db.selectFrom('orders').select(['id', 'invoice_number', 'status']).execute();
  const counters = await db.selectFrom('invoice_sequences').select(['year', 'last']).execute();
  const violations: string[] = [];
  const byYear = new Map<number, number[]>();
  for (const order of numbered) {
    if (order.invoice_number === null) {
      if (isPaid(order.status)) violations.push(`paid order ${order.id} has no invoice number`);
      continue;
    }
    const match = /^INV-(\d{4})-(\d{6,})$/.exec(order.invoice_number);
    if (!match) {
      violations.push(`order ${order.id} has the malformed invoice number ${order.invoice_number}`);
      continue;
    }
    const year = Number(match[1]);
    byYear.set(year, [...(byYear.get(year) ?? []), Number(match[2])]);
  }
  const years = new Set([...byYear.keys(), ...counters.map((row) => Number(row.year))]);
  for (const year of years) {
    const numbers = (byYear.get(year) ?? []).sort((a, b) => a - b);
    const last = Number(counters.find((row) => Number(row.year) === year)?.last ?? 0);
    const expected = Array.from({ length: last }, (_, i) => i + 1);
    if (numbers.length !== expected.length || numbers.some((n, i) => n !== expected[i])) {
      const given = new Set(numbers);
      const missing = expected.filter((n) => !given.has(n));
      const twice = numbers.filter((n, i) => numbers[i - 1] === n);
      const beyond = numbers.filter((n) => n > last);
      violations.push(
        `invoices of ${year} (counter at ${last}): ${[
          missing.length ? `missing ${missing.join(', ')}` : '',
          twice.length ? `given twice ${twice.join(', ')}` : '',
          beyond.length ? `past the counter ${beyond.join(', ')}` : '',
        ]
          .filter(Boolean)
          .join('; ')}`,
      );
    }
  }
  return violations;
}

/** Every check above at once. */
export async function shopInvariants(
  db: Db,
  {
    answered,
    initialStock,
    deliveredMails,
  }: { answered: AnsweredOrders; initialStock: ReadonlyMap<string, number>; deliveredMails: readonly string[] },
): Promise<string[]> {
  return [
    ...(await answeredOrdersKept(db, answered)),
    ...(await stockExact(db, initialStock)),
    ...(await chargesSettled(db)),
    ...(await mailSentOnce(db, deliveredMails)),
    ...(await invoiceNumbersGapless(db)),
  ];
}
