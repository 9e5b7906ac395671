import * as copy from '#shared/copy';
import { discountedCents, type FlashDealTerms } from '#shared/pricing';
import { type Clock } from '../lib/clock';
import { useDealPercent } from '../lib/use-deal-percent';
import { useMoney } from '../lib/use-money';

interface DealPriceProps {
  /** The part's own price, in cents. */
  priceCents: number;
  /** The part's flash deal (the API's `deal`), if it is in one. */
  deal: FlashDealTerms | null | undefined;
  /** The price's own classes (its size and weight); the struck price and the badge follow it smaller. */
  className?: string;
  /** On a dark background (the best sellers' price tag). */
  onDark?: boolean;
  clock?: Clock;
}

/**
 * A part's price. While the part's flash deal runs: the deal's price, the part's own price struck
 * through beside it (read "was $48.90" by screen readers, which do not announce strike-through) and the
 * percentage off; from the deal's end on, the part's own price alone (docs/shop-rules.md, "Flash deal").
 */
export function DealPrice({ priceCents, deal, className = '', onDark = false, clock }: DealPriceProps) {
  const percent = useDealPercent(deal, clock);
  const formatMoney = useMoney();
  if (percent === 0) return <span className={`tabular-nums ${className}`}>{formatMoney(priceCents)}</span>;
  const was = formatMoney(priceCents);
  return (
    <span className="inline-flex flex-wrap items-baseline gap-x-2 gap-y-0.5" data-testid="deal-price">
      <span className={`tabular-nums ${onDark ? 'text-white' : 'text-brand-800'} ${className}`}>
        {formatMoney(discountedCents(priceCents, percent))}
      </span>
      <s
        aria-hidden="true"
        data-testid="was-price"
        className={`text-sm font-semibold tabular-nums ${onDark ? 'text-slate-300' : 'text-slate-600'}`}
      >
        {was}
      </s>
      <span className="sr-only">{`, ${copy.deal.was(was)}, `}</span>
      <span
        className={`rounded-full px-2 py-0.5 text-xs font-bold ${onDark ? 'bg-white text-brand-800' : 'bg-brand-700 text-white'}`}
      >
        {copy.deal.badge(percent)}
      </span>
    </span>
  );
}
