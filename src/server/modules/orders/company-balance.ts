import type { ExpressionBuilder } from 'kysely';
import type { Db } from '../../db/database';
import type { Database } from '../../db/schema';

/** The statuses of an order on account whose invoice is owed: it counts toward the balance and takes payments. */
export const OPEN_ACCOUNT_STATUSES = ['confirmed', 'shipped', 'delivered'] as const;

export interface CompanyBalance {
  /** What the company owes: its account invoices' totals less what was paid against them. */
  balanceCents: number;
  /** The credit limit less the balance, never below 0. */
  creditLeftCents: number;
  /** Its unpaid invoices whose due date is before `today`, earliest due first. */
  overdue: { invoiceNumber: string; dueDate: string }[];
}

/**
 * A company's open balance (docs/shop-rules.md, "Trade accounts"): the sum of `total_cents -
 * paid_cents` over its orders on account that are confirmed, shipped or delivered, and which of them
 * are overdue on `today` ('YYYY-MM-DD' in the shop's time zone). The credit check, GET /api/me/company
 * and the statement all read it here, so they agree to the cent. Its orders are found through the
 * index (company_id, payment_method, status). `creditLimitCents` is the company's, which every caller
 * has just read (the credit check with the company's row locked).
 */
export async function companyBalance(
  db: Db,
  companyId: string,
  today: string,
  creditLimitCents: number,
): Promise<CompanyBalance> {
  const open = db
    .selectFrom('orders')
    .where('company_id', '=', companyId)
    .where('payment_method', '=', 'account')
    .where('status', 'in', OPEN_ACCOUNT_STATUSES);
  // A returned order's credit notes take their totals off what its invoice is owed (docs/shop-rules.md, "Returns").
  const credited = (eb: ExpressionBuilder<Database, 'orders'>) =>
    eb.fn.coalesce(
      eb
        .selectFrom('credit_notes')
        .select((inner) => inner.fn.sum<number>('credit_notes.total_cents').as('credited'))
        .whereRef('credit_notes.order_id', '=', 'orders.id')
        .where('credit_notes.reason', '=', 'returned'),
      eb.lit(0),
    );
  // One after the other: a caller's transaction has one connection.
  const sums = await open
    .select((eb) =>
      eb.fn
        .coalesce(eb.fn.sum<number | string>(eb(eb('total_cents', '-', eb.ref('paid_cents')), '-', credited(eb))), eb.lit(0))
        .as('owed'),
    )
    .executeTakeFirst();
  const overdue = await open
    .select(['invoice_number', 'due_date'])
    .where('due_date', '<', today)
    .where((eb) => eb(eb('paid_cents', '+', credited(eb)), '<', eb.ref('total_cents')))
    .where('invoice_number', 'is not', null)
    .orderBy('due_date')
    .orderBy('invoice_number')
    .execute();
  // PostgreSQL answers a bigint sum as text.
  const balanceCents = Number(sums?.owed ?? 0);
  return {
    balanceCents,
    creditLeftCents: Math.max(0, creditLimitCents - balanceCents),
    overdue: overdue.map((row) => ({ invoiceNumber: row.invoice_number!, dueDate: row.due_date! })),
  };
}
