import { type Db, isPostgres } from '../../db/database';
import type { InvoicePaymentRow, InvoicePaymentsTable, OrderRow } from '../../db/schema';
import { OPEN_ACCOUNT_STATUSES } from '../orders';

/**
 * The invoice payments' SQL. Besides their own tables they read the orders an invoice on account
 * belongs to and keep `orders.paid_cents`, the sum of an order's payments, which the payment's own
 * transaction raises (docs/shop-rules.md, "Trade accounts").
 */

/** The order an invoice number belongs to, any way it was paid; on PostgreSQL locked until the transaction ends. */
export async function orderOfInvoice(db: Db, invoiceNumber: string, { lock = false } = {}): Promise<OrderRow | undefined> {
  const query = db.selectFrom('orders').selectAll().where('invoice_number', '=', invoiceNumber);
  return (lock && isPostgres(db) ? query.forUpdate() : query).executeTakeFirst();
}

export async function orderById(db: Db, id: string, { lock = false } = {}): Promise<OrderRow | undefined> {
  const query = db.selectFrom('orders').selectAll().where('id', '=', id);
  return (lock && isPostgres(db) ? query.forUpdate() : query).executeTakeFirst();
}

export async function paymentByKey(db: Db, idempotencyKey: string): Promise<InvoicePaymentRow | undefined> {
  return db.selectFrom('invoice_payments').selectAll().where('idempotency_key', '=', idempotencyKey).executeTakeFirst();
}

/**
 * Writes the payment and raises its order's `paid_cents` by its amount. `cap`: only while the order's
 * total still covers it (a transfer); a card charge the provider took is recorded whatever it comes to.
 * Answers false, writing nothing, when the cap refused it.
 */
export async function insertPayment(db: Db, row: InvoicePaymentsTable, { cap }: { cap: boolean }): Promise<boolean> {
  let raise = db
    .updateTable('orders')
    .set((eb) => ({ paid_cents: eb('paid_cents', '+', row.amount_cents) }))
    .where('id', '=', row.order_id);
  if (cap) raise = raise.where((eb) => eb(eb('paid_cents', '+', row.amount_cents), '<=', eb.ref('total_cents')));
  const raised = await raise.executeTakeFirst();
  if (Number(raised.numUpdatedRows) === 0) return false;
  await db.insertInto('invoice_payments').values(row).execute();
  return true;
}

export async function paymentsOfOrder(db: Db, orderId: string): Promise<InvoicePaymentRow[]> {
  return db
    .selectFrom('invoice_payments')
    .selectAll()
    .where('order_id', '=', orderId)
    .orderBy('paid_at')
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

/** A company's invoices on account not yet paid in full, earliest due first. */
export async function openInvoicesOf(db: Db, companyId: string): Promise<OrderRow[]> {
  return db
    .selectFrom('orders')
    .selectAll()
    .where('company_id', '=', companyId)
    .where('payment_method', '=', 'account')
    .where('status', 'in', OPEN_ACCOUNT_STATUSES)
    .where('invoice_number', 'is not', null)
    .where((eb) => eb('paid_cents', '<', eb.ref('total_cents')))
    .orderBy('due_date')
    .orderBy('invoice_number')
    .execute();
}

/** The payments against a company's invoices made on `since` ('YYYY-MM-DD') or later, newest first. */
export async function paymentsOfCompanySince(db: Db, companyId: string, since: string): Promise<InvoicePaymentRow[]> {
  return db
    .selectFrom('invoice_payments')
    .innerJoin('orders', 'orders.id', 'invoice_payments.order_id')
    .selectAll('invoice_payments')
    .where('orders.company_id', '=', companyId)
    .where('invoice_payments.paid_at', '>=', since)
    .orderBy('invoice_payments.paid_at', 'desc')
    .orderBy('invoice_payments.created_at', 'desc')
    .orderBy('invoice_payments.id', 'desc')
    .execute();
}

export type ReminderKind = 'before_due' | 'after_due';

/**
 * Unpaid invoices on account due from `from` to `to` ('YYYY-MM-DD', both included) that have had no
 * reminder of this kind yet, earliest due first.
 */
export async function invoicesToRemind(db: Db, kind: ReminderKind, { from, to }: { from: string; to: string }, limit: number) {
  return db
    .selectFrom('orders')
    .selectAll()
    .where('payment_method', '=', 'account')
    .where('status', 'in', OPEN_ACCOUNT_STATUSES)
    .where('company_id', 'is not', null)
    .where('invoice_number', 'is not', null)
    .where('due_date', '>=', from)
    .where('due_date', '<=', to)
    .where((eb) => eb('paid_cents', '<', eb.ref('total_cents')))
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('invoice_reminders')
            .select('invoice_reminders.kind')
            .whereRef('invoice_reminders.invoice_number', '=', 'orders.invoice_number')
            .where('invoice_reminders.kind', '=', kind),
        ),
      ),
    )
    .orderBy('due_date')
    .orderBy('invoice_number')
    .limit(limit)
    .execute();
}

/**
 * Claims the reminder of this kind for the invoice: true only for the one caller whose row went in.
 * On PostgreSQL a second node's insert waits for the first's transaction and then inserts nothing.
 */
export async function claimReminder(db: Db, invoiceNumber: string, kind: ReminderKind, at: string): Promise<boolean> {
  const result = await db
    .insertInto('invoice_reminders')
    .values({ invoice_number: invoiceNumber, kind, sent_at: at })
    .onConflict((oc) => oc.columns(['invoice_number', 'kind']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}
