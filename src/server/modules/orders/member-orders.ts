import * as copy from '#shared/copy';
import type { Address } from '#shared/schemas/address';
import type { PaymentTerms } from '#shared/schemas/companies';
import type { PaymentMethod, PlaceOrderInput } from '#shared/schemas/orders';
import type { Db } from '../../db/database';
import { AppError } from '../../app-error';
import { type BuyingMember, buyingMemberOf, companySiteOf, lockCompanyForCredit, ordersForCompany } from '../companies';
import { companyBalance } from './company-balance';

/** The days an invoice on account has to be paid, by the company's terms. */
export const TERMS_DAYS: Record<Exclude<PaymentTerms, 'card'>, number> = { net15: 15, net30: 30, net60: 60 };

/** The days of the terms; 0 for card (no account). */
export function termsDaysOf(terms: PaymentTerms): number {
  return terms === 'card' ? 0 : TERMS_DAYS[terms];
}

/** 'YYYY-MM-DD': the invoice date (the UTC date of `invoicedAt`) plus the terms' days. */
export function dueDateOf(invoicedAt: string, terms: PaymentTerms): string {
  const day = new Date(`${invoicedAt.slice(0, 10)}T00:00:00.000Z`);
  day.setUTCDate(day.getUTCDate() + termsDaysOf(terms));
  return day.toISOString().slice(0, 10);
}

/**
 * The credit check of an order on account (docs/decisions/0039-credit-check-in-the-order-transaction.md),
 * in the order's transaction: the company's row is locked first (PostgreSQL; SQLite has one writer), so
 * two orders of one company take turns, and the balance is then summed from its orders on account as
 * committed. Refuses (409, nothing written) a company on hold, one with an overdue invoice, and an
 * order that would take the balance above the credit limit. Answers the company's terms.
 */
export async function checkCredit(
  trx: Db,
  companyId: string,
  { totalCents, today, currency }: { totalCents: number; today: string; currency: string },
): Promise<PaymentTerms> {
  const company = await lockCompanyForCredit(trx, companyId);
  if (!company) throw new AppError('conflict', copy.companyOrders.accountNotOpen);
  if (company.status === 'on_hold') throw new AppError('conflict', copy.companyOrders.onHold);
  if (company.status !== 'active' || company.paymentTerms === 'card') {
    throw new AppError('conflict', copy.companyOrders.accountNotOpen);
  }
  const balance = await companyBalance(trx, companyId, today, company.creditLimitCents);
  const firstOverdue = balance.overdue[0];
  if (firstOverdue) throw new AppError('conflict', copy.companyOrders.overdue(firstOverdue.invoiceNumber));
  const over = balance.balanceCents + totalCents - company.creditLimitCents;
  if (over > 0) throw new AppError('conflict', copy.companyOrders.overLimit(over, currency));
  return company.paymentTerms;
}

/** A company member's booking: who they are in the company, the site it goes to, and how it is paid. */
export interface CompanyBuying {
  member: BuyingMember;
  site: { id: string; label: string; phone: string; address: Address };
  payment: PaymentMethod;
}

const invalid = (field: string, message: string) => new AppError('validation_failed', message, { [field]: message });

/**
 * Whom a booking is for. A member of an active company, or of one on hold, orders for it: to one of
 * its delivery sites (`deliveryAddressId`, required), by card or on account when its terms allow it
 * (on hold: 409, card only). Anyone else (no company, an application not yet approved or declined)
 * orders as a person, by card: a company site or paying on account is refused with 400. Answers null
 * for a person's order. `member`: the buyer's company as read (`buyingMemberOf`; undefined for none or a shop admin).
 */
export async function companyBuyingOf(
  db: Db,
  input: PlaceOrderInput,
  member: BuyingMember | undefined,
): Promise<CompanyBuying | null> {
  if (!ordersForCompany(member)) {
    if (input.deliveryAddressId !== undefined) throw invalid('deliveryAddressId', copy.companyOrders.notAMember);
    if (input.payment === 'account') throw invalid('payment', copy.companyOrders.accountNotOpen);
    return null;
  }
  // Another company's site reads as no site at all: nothing of it is told.
  const site = input.deliveryAddressId && (await companySiteOf(db, member.company.id, input.deliveryAddressId));
  if (!site) throw invalid('deliveryAddressId', copy.memberOrders.chooseAddress);
  const payment = input.payment ?? 'card';
  if (payment === 'account') {
    if (member.company.paymentTerms === 'card') throw invalid('payment', copy.companyOrders.termsCardOnly);
    if (member.company.status === 'on_hold') throw new AppError('conflict', copy.companyOrders.onHold);
  }
  return { member, site, payment };
}

/** Whether the user is a company admin of this company: they see, approve and decline its orders. */
export async function isCompanyAdminOf(db: Db, userId: string, companyId: string): Promise<boolean> {
  const member = await buyingMemberOf(db, userId);
  return member?.role === 'company_admin' && member.company.id === companyId;
}
