import type { CompanyPricing } from '#shared/pricing';
import type { Db } from '../../db/database';
import { contractPricesFor } from './companies.repository';
import { type BuyingMember, buyingMemberOf } from './company-buyers';

/**
 * What a member of an active company is priced with (docs/shop-rules.md, "Trade accounts"): the
 * company's discount, and its contract prices of the parts being priced.
 */
export interface MemberPricing {
  companyId: string;
  discountPercent: number;
  /** Contract unit prices in cents, by part id: only those of the parts asked about. */
  contractPrices: ReadonlyMap<string, number>;
}

/**
 * The pricing of a member for these parts, from their company as already read (`buyingMemberOf`): null
 * for someone in no company, or a member of a company not active (applied, on hold, declined), who all
 * pay the list price. Reads only the contract prices.
 */
export async function memberPricingOf(
  db: Db,
  member: BuyingMember | undefined,
  partIds: readonly string[],
): Promise<MemberPricing | null> {
  if (member?.company.status !== 'active') return null;
  return {
    companyId: member.company.id,
    discountPercent: member.company.discountPercent,
    contractPrices: await contractPricesFor(db, member.company.id, partIds),
  };
}

/** The pricing of a signed-in user for these parts (null for a visitor): their company read, then its prices. */
export async function pricingOfUser(
  db: Db,
  userId: string | null | undefined,
  partIds: readonly string[],
): Promise<MemberPricing | null> {
  return userId ? memberPricingOf(db, await buyingMemberOf(db, userId), partIds) : null;
}

/** The company pricing `memberUnitPriceCents` takes for one part; null when the user pays list prices. */
export function companyPricingFor(member: MemberPricing | null, partId: string): CompanyPricing | null {
  if (!member) return null;
  return { discountPercent: member.discountPercent, contractPriceCents: member.contractPrices.get(partId) ?? null };
}
