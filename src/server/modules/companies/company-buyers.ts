import { type BuyerTaxStatus, buyerTaxStatusFrom } from '#shared/order-totals';
import type { Address } from '#shared/schemas/address';
import type { CompanyStatus, PaymentTerms } from '#shared/schemas/companies';
import { type Db, isPostgres } from '../../db/database';

/**
 * What an order needs to know of the company a user buys for (docs/shop-rules.md, "Trade accounts"):
 * their role and order limit, and the company's status, terms, credit limit and tax status.
 */
export interface BuyingMember {
  userId: string;
  role: 'buyer' | 'company_admin';
  /** Orders above it (tax and delivery included) wait for a company admin's approval; null for none. */
  orderLimitCents: number | null;
  company: {
    id: string;
    name: string;
    status: CompanyStatus;
    paymentTerms: PaymentTerms;
    creditLimitCents: number;
    /** The discount its members get off list prices while it is active. */
    discountPercent: number;
    vatId: string | null;
    /** The reason printed on invoices when the shop recorded it tax exempt; null when it is taxed. */
    taxExemptReason: string | null;
    billingAddress: Address;
  };
}

/** The company a user belongs to (any status), as an order reads it; undefined for none. */
export async function buyingMemberOf(db: Db, userId: string): Promise<BuyingMember | undefined> {
  const row = await db
    .selectFrom('company_members')
    .innerJoin('companies', 'companies.id', 'company_members.company_id')
    .select([
      'company_members.role',
      'company_members.order_limit_cents',
      'companies.id',
      'companies.name',
      'companies.status',
      'companies.payment_terms',
      'companies.credit_limit_cents',
      'companies.discount_percent',
      'companies.vat_id',
      'companies.tax_exempt',
      'companies.tax_exempt_reason',
      'companies.billing_address',
    ])
    .where('company_members.user_id', '=', userId)
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    userId,
    role: row.role,
    orderLimitCents: row.order_limit_cents === null ? null : Number(row.order_limit_cents),
    company: {
      id: row.id,
      name: row.name,
      status: row.status,
      paymentTerms: row.payment_terms,
      creditLimitCents: Number(row.credit_limit_cents),
      discountPercent: Number(row.discount_percent),
      vatId: row.vat_id,
      taxExemptReason: Number(row.tax_exempt) === 1 ? (row.tax_exempt_reason ?? '') : null,
      billingAddress: JSON.parse(row.billing_address) as Address,
    },
  };
}

/**
 * Whether the member orders for their company rather than as a person: while it is active, or on hold
 * (card only). An application not yet approved, or declined, buys as a person.
 */
export function ordersForCompany(member: BuyingMember | undefined): member is BuyingMember {
  return member?.company.status === 'active' || member?.company.status === 'on_hold';
}

/** The company's tax status, which prices its members' orders: its VAT ID, its exemption, its country. */
export function companyTaxStatus({ company }: BuyingMember): BuyerTaxStatus {
  return {
    ...buyerTaxStatusFrom({ vatId: company.vatId, taxExemptReason: company.taxExemptReason }),
    country: company.billingAddress.country,
  };
}

/** One of the company's delivery sites; undefined when the id is not one of this company's. */
export async function companySiteOf(
  db: Db,
  companyId: string,
  addressId: string,
): Promise<{ id: string; label: string; phone: string; address: Address } | undefined> {
  const row = await db
    .selectFrom('company_addresses')
    .select(['id', 'label', 'phone', 'address'])
    .where('id', '=', addressId)
    .where('company_id', '=', companyId)
    .executeTakeFirst();
  return row && { id: row.id, label: row.label, phone: row.phone, address: JSON.parse(row.address) as Address };
}

/** The company's admins, who approve their colleagues' orders and are mailed about them. */
export async function companyAdminsOf(
  db: Db,
  companyId: string,
): Promise<{ userId: string; name: string; email: string; addressConfirmed: boolean }[]> {
  const rows = await db
    .selectFrom('company_members')
    .innerJoin('users', 'users.id', 'company_members.user_id')
    .select(['users.id', 'users.name', 'users.email', 'users.email_verified'])
    .where('company_members.company_id', '=', companyId)
    .where('company_members.role', '=', 'company_admin')
    .orderBy('users.id')
    .execute();
  return rows.map((row) => ({ userId: row.id, name: row.name, email: row.email, addressConfirmed: Boolean(row.email_verified) }));
}

/**
 * The company's status, terms and credit limit, its row locked until the caller's transaction ends
 * (PostgreSQL): two orders on account of one company take turns at the credit check, each seeing the
 * other's order once it waited. SQLite runs one writing transaction at a time.
 */
export async function lockCompanyForCredit(
  trx: Db,
  companyId: string,
): Promise<{ status: CompanyStatus; paymentTerms: PaymentTerms; creditLimitCents: number } | undefined> {
  const query = trx.selectFrom('companies').select(['status', 'payment_terms', 'credit_limit_cents']).where('id', '=', companyId);
  const row = await (isPostgres(trx) ? query.forUpdate() : query).executeTakeFirst();
  return row && { status: row.status, paymentTerms: row.payment_terms, creditLimitCents: Number(row.credit_limit_cents) };
}

/** The names of these companies, by id (one query for a page of orders). */
export async function companyNamesOf(db: Db, ids: readonly string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('companies')
    .select(['id', 'name'])
    .where('id', 'in', [...ids])
    .execute();
  return new Map(rows.map((row) => [row.id, row.name]));
}
