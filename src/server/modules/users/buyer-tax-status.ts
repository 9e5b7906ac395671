import type { BuyerTaxStatus } from '#shared/order-totals';
import type { Db } from '../../db/database';
import { type BuyingMember, companyTaxStatus, ordersForCompany } from '../companies';
import { buyerTaxStatusOf } from './users.repository';

/**
 * The tax status a buyer's quote and order are both priced with (docs/shop-rules.md, "Trade accounts"):
 * a member who orders for their company (active, or on hold) is taxed as the company is, anyone else as
 * themselves. `member`: their company as already read (`buyingMemberOf`; undefined for none); the
 * person's own status is read only when it is the one that counts.
 */
export async function taxStatusOfBuyer(db: Db, userId: string | null, member: BuyingMember | undefined): Promise<BuyerTaxStatus> {
  return ordersForCompany(member) ? companyTaxStatus(member) : buyerTaxStatusOf(db, userId);
}
