import * as copy from '#shared/copy';
import { memberUnitPriceCents } from '#shared/pricing';
import { MAX_YOUR_PRICE_PARTS, type YourPrices } from '#shared/schemas/companies';
import { AppError } from '../../app-error';
import type { Clock } from '../../clock';
import type { Db } from '../../db/database';
import { flashDealOf } from '../content';
import { findPartsByIds, pricedPartOf } from '../parts';
import { companyPricingFor, pricingOfUser } from './member-pricing';

/**
 * "Your price" of the parts a page shows, for its signed-in reader (docs/shop-rules.md, "Trade
 * accounts"). The catalogue's answers are the same for everyone and cached; a member's prices come
 * from here, per user and never cached, and the page shows them once they arrive.
 */
export async function yourPricesOf(db: Db, clock: Clock, userId: string, partList: string): Promise<YourPrices> {
  const ids = [...new Set(partList.split(',').map((id) => id.trim()))].filter((id) => id !== '');
  if (ids.length === 0 || ids.length > MAX_YOUR_PRICE_PARTS || ids.some((id) => id.length > 64)) {
    const message = copy.companies.yourPricesParts(MAX_YOUR_PRICE_PARTS);
    throw new AppError('validation_failed', message, { parts: message });
  }
  const member = await pricingOfUser(db, userId, ids);
  if (!member) return { discountPercent: 0, items: [] };
  const [parts, terms] = await Promise.all([findPartsByIds(db, ids), flashDealOf(db)]);
  const now = clock.now().getTime();
  return {
    discountPercent: member.discountPercent,
    items: ids.flatMap((id) => {
      const part = parts.get(id);
      if (!part || part.archived_at !== null) return [];
      const pricing = companyPricingFor(member, id);
      return [
        {
          partId: id,
          contractPriceCents: pricing?.contractPriceCents ?? null,
          yourPriceCents: memberUnitPriceCents(pricedPartOf(part, terms, now), 1, pricing),
        },
      ];
    }),
  };
}
