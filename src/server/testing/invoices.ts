import type { Db } from '../db/database';
import type { OrderRow } from '../db/schema';
import { insertCompany } from './companies';
import { insertOrder, insertPart } from './factories';

let invoiceSequence = 0;

/** An invoice number no other test file's invoices take: 9 digits, random start, counted up. */
export function uniqueInvoiceNumber(): string {
  invoiceSequence += 1;
  const start = 100_000_000 + Math.floor(Math.random() * 800_000_000);
  return `INV-2026-${String(start + invoiceSequence)}`;
}

/**
 * An order on account written straight into the tables, invoiced and due: a company's open invoice
 * without going through booking. $1,200.00 (12 × $100.00) unless told, confirmed, due `dueDate`.
 */
export async function insertAccountInvoice(
  db: Db,
  {
    companyId,
    userId,
    dueDate = '2026-07-15',
    ...overrides
  }: Partial<OrderRow> & { companyId: string; userId: string; dueDate?: string },
): Promise<OrderRow> {
  const part = await insertPart(db);
  return insertOrder(db, {
    part_id: part.id,
    unit_price_cents: 10_000,
    quantity: 12,
    user_id: userId,
    company_id: companyId,
    payment_method: 'account',
    status: 'confirmed',
    invoice_number: uniqueInvoiceNumber(),
    invoiced_at: '2026-06-15T12:00:00.000Z',
    due_date: dueDate,
    paid_cents: 0,
    ...overrides,
  });
}

/**
 * An active company on Net 30 with a $5,000.00 credit limit: `adminIds` its company admins, `buyerIds`
 * its buyers.
 */
export async function insertAccountCompany(db: Db, { adminIds, buyerIds = [] }: { adminIds: string[]; buyerIds?: string[] }) {
  const company = await insertCompany(db, {
    memberIds: adminIds,
    status: 'active',
    payment_terms: 'net30',
    credit_limit_cents: 500_000,
  });
  for (const userId of buyerIds) {
    await db
      .insertInto('company_members')
      .values({ company_id: company.id, user_id: userId, role: 'buyer', order_limit_cents: null, joined_at: company.created_at })
      .execute();
  }
  return company;
}
