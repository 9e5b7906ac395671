import * as copy from '#shared/copy';
import { formatMoney } from '#shared/money';
import {
  type BuyerTaxStatus,
  type DeliveryAddress,
  type OrderTax,
  type OrderTotals as Totals,
  orderTotals,
  type PricingLine,
  type ShopPricingSettings,
  type TaxExemption,
} from '#shared/order-totals';
import { formatDate } from '../lib/format-date';

const t = copy.totals;

/** An order's figures as the order answers them (a cart's estimate, or an order's stored figures). */
export interface OrderTotalsFigures {
  goodsCents: number;
  deliveryCents: number;
  taxes: readonly OrderTax[];
  totalCents: number;
  exemption?: TaxExemption | undefined;
  /** 'YYYY-MM-DD'; null on an order placed before delivery days were promised. */
  expectedDelivery: string | null;
}

/**
 * The figures the server will charge for these lines, delivered there, for this buyer (their VAT ID
 * and exemption as GET /api/me answers them; none for a visitor). The server prices the order itself
 * when it is placed. Undefined when the settings cannot price it (the server then says why).
 */
export function estimateOrderTotals(
  lines: readonly PricingLine[],
  destination: { country: string; region?: string | undefined },
  settings: ShopPricingSettings,
  now: Date,
  buyer: BuyerTaxStatus = {},
): Totals | undefined {
  const region = destination.region?.trim().toUpperCase();
  const address: DeliveryAddress = { country: destination.country, ...(region ? { region } : {}) };
  try {
    return orderTotals(lines, address, buyer, settings, now);
  } catch (error) {
    if (error instanceof RangeError) return undefined;
    throw error;
  }
}

/** "19", "8.875": a rate as the invoice prints it. */
const percent = (rate: number) => String(rate);

interface OrderTotalsProps {
  totals: OrderTotalsFigures;
  /** Given for an estimate before ordering: under the threshold, how much more makes delivery free. */
  freeDeliveryThresholdCents?: number | undefined;
  /** The core deposits among the goods: they never count toward free delivery. */
  depositCents?: number | undefined;
  /** Prefix of each figure's test id: `<prefix>-goods`, `-delivery`, `-tax`, `-total`, `-expected`. */
  testId?: string;
  className?: string;
  /** The figures' currency: an order's as placed, or the shop's (the settings') for an estimate; USD when not given. */
  currency?: string | undefined;
}

/**
 * Goods, delivery (or "Free"), one line per tax rate ("VAT 19%"), the exemption when no tax is
 * charged for a reason, the total and the expected delivery day: each figure as the invoice prints it.
 */
export function OrderTotals({
  totals,
  freeDeliveryThresholdCents,
  depositCents = 0,
  testId = 'totals',
  className = '',
  currency,
}: OrderTotalsProps) {
  const money = (cents: number) => formatMoney(cents, currency);
  const row = 'flex items-baseline justify-between gap-4';
  const missingCents =
    freeDeliveryThresholdCents !== undefined && totals.deliveryCents > 0
      ? freeDeliveryThresholdCents - (totals.goodsCents - depositCents)
      : 0;
  return (
    <div className={className} data-testid={testId}>
      <dl className="grid gap-1.5 text-slate-700 tabular-nums">
        <div className={row}>
          <dt>{t.goods}</dt>
          <dd className="font-semibold text-slate-900" data-testid={`${testId}-goods`}>
            {money(totals.goodsCents)}
          </dd>
        </div>
        <div className={row}>
          <dt>{t.delivery}</dt>
          <dd
            className={`font-semibold ${totals.deliveryCents === 0 ? 'text-emerald-800' : 'text-slate-900'}`}
            data-testid={`${testId}-delivery`}
          >
            {totals.deliveryCents === 0 ? t.deliveryFree : money(totals.deliveryCents)}
          </dd>
        </div>
        {totals.taxes.map((tax) => (
          <div key={`${tax.name}-${tax.ratePercent}`} className={row}>
            <dt>{t.tax(tax.name, percent(tax.ratePercent))}</dt>
            <dd className="font-semibold text-slate-900" data-testid={`${testId}-tax`}>
              {money(tax.amountCents)}
            </dd>
          </div>
        ))}
        <div className={`${row} mt-1 border-t border-slate-200 pt-2`}>
          <dt className="font-bold text-slate-900">{t.total}</dt>
          <dd className="text-2xl font-extrabold text-slate-900" data-testid={`${testId}-total`}>
            {money(totals.totalCents)}
          </dd>
        </div>
      </dl>
      {totals.exemption ? (
        <p className="mt-2 text-sm text-slate-700" data-testid={`${testId}-exemption`}>
          {totals.exemption.kind === 'exempt' ? t.exempt(totals.exemption.reason) : t.reverseCharge}
        </p>
      ) : null}
      {missingCents > 0 ? (
        <p className="mt-2 text-sm font-semibold text-brand-800" data-testid={`${testId}-free-delivery`}>
          {t.freeDeliveryShort(money(missingCents))}
        </p>
      ) : null}
      {totals.expectedDelivery ? (
        <p className="mt-2 text-sm text-slate-700" data-testid={`${testId}-expected`}>
          {t.expectedDelivery(formatDate(totals.expectedDelivery))}
        </p>
      ) : null}
    </div>
  );
}
