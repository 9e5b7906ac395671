import * as copy from '#shared/copy';
import { type FlashDealTerms, memberUnitPriceCents, type PriceTier, unitPriceFor } from '#shared/pricing';
import { useDealPercent } from '../../../lib/use-deal-percent';
import { useMoney } from '../../../lib/use-money';
import { companyPricingOf, useYourPricesQuery } from '../api/your-prices';

interface YourPriceProps {
  part: { id: string; priceCents: number; priceTiers: readonly PriceTier[]; deal?: FlashDealTerms | null | undefined };
  /** The quantity priced: the part's listed price is that of one unit below every tier. */
  quantity?: number;
  /** The session lists a customer's company as active (never a visitor's or a shop admin's). */
  active: boolean;
  /** Every part the page shows (a list's cards): one request answers them all. */
  batch?: readonly string[];
  /** On a card: smaller, without the reason. */
  compact?: boolean;
}

/**
 * "Your price" for a member of an active company, under the list price the page drew from the
 * public, cached answer (docs/shop-rules.md, "Trade accounts"): it appears once the member's own
 * prices have loaded, and never for a visitor, a shop admin or someone in no active company.
 */
export function YourPrice({ part, quantity = 1, active, batch, compact = false }: YourPriceProps) {
  const prices = useYourPricesQuery(batch ?? [part.id], { enabled: active });
  const pricing = companyPricingOf(prices.data, part.id);
  // A visitor's card asks nothing more: the deal's clock and the money format are the member's alone.
  if (!active || !pricing) return null;
  return <MemberPrice part={part} quantity={quantity} pricing={pricing} compact={compact} />;
}

function MemberPrice({
  part,
  quantity,
  pricing,
  compact,
}: Required<Pick<YourPriceProps, 'part' | 'quantity' | 'compact'>> & {
  pricing: NonNullable<ReturnType<typeof companyPricingOf>>;
}) {
  const dealPercent = useDealPercent(part.deal);
  const formatMoney = useMoney();
  const priced = { priceCents: part.priceCents, priceTiers: part.priceTiers, dealPercent };
  const listed = unitPriceFor(priced, quantity);
  const yours = memberUnitPriceCents(priced, quantity, pricing);
  if (yours >= listed) return null;
  const contract =
    pricing.contractPriceCents !== null && pricing.contractPriceCents !== undefined && yours === pricing.contractPriceCents;
  if (compact) {
    return (
      <p data-testid="your-price" className="mt-2 text-sm font-semibold text-emerald-900">
        {copy.memberPrices.yourPrice}: <span className="font-extrabold tabular-nums">{formatMoney(yours)}</span>
      </p>
    );
  }
  return (
    <div
      data-testid="your-price"
      className="mt-3 inline-flex flex-wrap items-baseline gap-x-3 gap-y-1 rounded-lg bg-emerald-50 px-3 py-2 ring-1 ring-emerald-200"
    >
      <span className="text-sm font-semibold text-emerald-900">{copy.memberPrices.yourPrice}</span>
      <span className="text-2xl font-extrabold text-emerald-900 tabular-nums">{formatMoney(yours)}</span>
      <span className="text-sm text-slate-700">
        {contract ? copy.memberPrices.contractPrice : copy.memberPrices.companyDiscount(pricing.discountPercent)}
      </span>
    </div>
  );
}
