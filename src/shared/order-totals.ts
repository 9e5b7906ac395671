import { isEuCountry, vatIdCountry, vatIdProblem } from './vat-id';

/**
 * Tax, delivery and totals (docs/shop-rules.md, "Tax, delivery and totals"): the figures of an order
 * from its lines, where it goes, who buys and the shop's settings, for the server and the browser
 * alike, so the cart, the order and the invoice show the same cent. Money is integer cents throughout.
 */

/** A row of the shop's tax table. A row with a region applies to that region only. */
export interface TaxRate {
  country: string;
  region?: string;
  name: string;
  /** A percentage from 0 to 30 with at most 3 decimals, e.g. 8.875. */
  ratePercent: number;
}

export interface PricingSettings {
  sellerCountry: string;
  sellerVatId?: string;
  taxRates: readonly TaxRate[];
  deliveryFeeCents: number;
  freeDeliveryThresholdCents: number;
}

export interface PricingLine {
  /** Net of tax, as the catalogue prices it. */
  unitPriceCents: number;
  quantity: number;
  /** False for a line that is paid but not bought, such as a core deposit: taxed, not counted toward free delivery. */
  countsTowardFreeDelivery?: boolean;
}

/** A line of goods whose part may carry a core deposit per unit (`coreChargeCents`, 0 or absent: none). */
export interface LineWithDeposit extends PricingLine {
  coreChargeCents?: number | undefined;
}

/**
 * The lines and, after them, each one's core deposit as a line of its own (docs/shop-rules.md,
 * "Returns"): the deposit per unit for the line's units, taxed with the goods, not counted toward free
 * delivery, and never discounted. The server's order, its quote and the browser's estimates price the
 * same lines so.
 */
export function withCoreDeposits(lines: readonly LineWithDeposit[]): PricingLine[] {
  // Lines to price, naming no part: a placed order keeps its deposits as rows (coreLinesOf) and is priced from those.
  const goods = lines.map(({ unitPriceCents, quantity, countsTowardFreeDelivery }) => ({
    unitPriceCents,
    quantity,
    ...(countsTowardFreeDelivery === undefined ? {} : { countsTowardFreeDelivery }),
  }));
  const deposits = lines.flatMap((line) =>
    line.coreChargeCents
      ? [{ unitPriceCents: line.coreChargeCents, quantity: line.quantity, countsTowardFreeDelivery: false }]
      : [],
  );
  return [...goods, ...deposits];
}

export interface DeliveryAddress {
  country: string;
  region?: string;
}

export interface BuyerTaxStatus {
  taxExempt?: boolean;
  taxExemptReason?: string;
  vatId?: string;
  /** The buyer company's country, that of its VAT ID; the delivery country when not given. */
  country?: string;
}

/**
 * A buyer's tax status from what the shop keeps of them: their VAT ID (its prefix names their
 * country) and the reason a shop admin recorded them tax exempt, if any. The server prices orders
 * with it, and the browser estimates with the same, from GET /api/me.
 */
export function buyerTaxStatusFrom(kept: { vatId?: string | null; taxExemptReason?: string | null }): BuyerTaxStatus {
  const country = kept.vatId ? vatIdCountry(kept.vatId) : undefined;
  return {
    ...(kept.vatId ? { vatId: kept.vatId } : {}),
    ...(country ? { country } : {}),
    ...(kept.taxExemptReason != null ? { taxExempt: true, taxExemptReason: kept.taxExemptReason } : {}),
  };
}

export interface OrderTax {
  name: string;
  ratePercent: number;
  baseCents: number;
  amountCents: number;
}

export type TaxExemption =
  { kind: 'exempt'; reason: string } | { kind: 'reverse_charge'; buyerVatId: string; sellerVatId: string };

export interface PricedOrder {
  goodsCents: number;
  deliveryCents: number;
  taxes: OrderTax[];
  totalCents: number;
  exemption?: TaxExemption;
}

export interface PricingInput {
  lines: readonly PricingLine[];
  deliveryAddress: DeliveryAddress;
  buyer: BuyerTaxStatus;
  settings: PricingSettings;
}

const THOUSANDTHS_PER_PERCENT = 1000;
const MAX_RATE_PERCENT = 30;

/** A rate in thousandths of a percent (8.875 → 8875), so that tax is computed without float drift. */
export function rateInThousandths(rate: TaxRate): number {
  const thousandths = Math.round(rate.ratePercent * THOUSANDTHS_PER_PERCENT);
  const exact = Math.abs(thousandths - rate.ratePercent * THOUSANDTHS_PER_PERCENT) < 1e-6;
  if (!exact || thousandths < 0 || thousandths > MAX_RATE_PERCENT * THOUSANDTHS_PER_PERCENT) {
    throw new RangeError(
      `Tax rate ${rate.name} for ${rate.country}${rate.region ? `-${rate.region}` : ''} must be a percentage from 0 to ${MAX_RATE_PERCENT} with at most 3 decimals, not ${rate.ratePercent}.`,
    );
  }
  return thousandths;
}

/** `baseCents` × the rate, rounded half-up to the cent; BigInt, so that no total is too large to be exact. */
export function taxCents(baseCents: number, thousandthsOfPercent: number): number {
  const divisor = BigInt(100 * THOUSANDTHS_PER_PERCENT);
  return Number((BigInt(baseCents) * BigInt(thousandthsOfPercent) * 2n + divisor) / (2n * divisor));
}

function centsOf(line: PricingLine): number {
  if (!Number.isSafeInteger(line.unitPriceCents) || line.unitPriceCents < 0) {
    throw new RangeError(`A unit price is a whole number of cents, 0 or more, not ${line.unitPriceCents}.`);
  }
  if (!Number.isSafeInteger(line.quantity) || line.quantity < 0) {
    throw new RangeError(`A quantity is a whole number, 0 or more, not ${line.quantity}.`);
  }
  return safeSum([line.unitPriceCents * line.quantity]);
}

function safeSum(amounts: readonly number[]): number {
  const sum = amounts.reduce((total, amount) => total + amount, 0);
  if (!Number.isSafeInteger(sum)) throw new RangeError('The order is too large to price to the cent.');
  return sum;
}

/** Free at or above the threshold, counting only the lines that count toward it; nothing to deliver, nothing to pay. */
export function deliveryCents(lines: readonly PricingLine[], settings: PricingSettings): number {
  if (lines.every((line) => line.quantity === 0)) return 0;
  const counted = safeSum(lines.filter((line) => line.countsTowardFreeDelivery !== false).map(centsOf));
  return counted >= settings.freeDeliveryThresholdCents ? 0 : settings.deliveryFeeCents;
}

/**
 * The tax table's rows that apply where the order goes: the country's, each replaced by the region's
 * row of the same name where the table has one; a region's row of another name applies as well (a
 * state's tax on top of a national one). No row, no tax.
 */
export function ratesFor(address: DeliveryAddress, taxRates: readonly TaxRate[]): TaxRate[] {
  const inCountry = taxRates.filter((rate) => rate.country === address.country);
  const inRegion = inCountry.filter((rate) => rate.region !== undefined && rate.region === address.region);
  const national = inCountry.filter(
    (rate) => rate.region === undefined && !inRegion.some((regional) => regional.name === rate.name),
  );
  return [...national, ...inRegion];
}

/**
 * Why the order carries no tax, if it does not: the buyer is exempt, or it is a sale between two EU
 * countries to a company whose VAT ID is well-formed for its country (the buyer accounts for the VAT).
 */
export function taxExemption(input: PricingInput): TaxExemption | undefined {
  const { buyer, settings, deliveryAddress } = input;
  if (buyer.taxExempt) return { kind: 'exempt', reason: buyer.taxExemptReason ?? '' };
  const buyerCountry = buyer.country ?? deliveryAddress.country;
  const seller = settings.sellerCountry;
  const crossBorder = [buyerCountry, deliveryAddress.country].every((country) => isEuCountry(country) && country !== seller);
  if (!isEuCountry(seller) || !crossBorder || !buyer.vatId || !settings.sellerVatId) return undefined;
  if (vatIdProblem(buyerCountry, buyer.vatId) !== null) return undefined;
  return { kind: 'reverse_charge', buyerVatId: buyer.vatId, sellerVatId: settings.sellerVatId };
}

/**
 * The order's figures: goods (Σ unit price × quantity), delivery, tax per rate on goods + delivery
 * rounded once per rate (never per line), and the total, which is exactly their sum.
 */
export function priceOrder(input: PricingInput): PricedOrder {
  const goodsCents = safeSum(input.lines.map(centsOf));
  const delivery = deliveryCents(input.lines, input.settings);
  const baseCents = safeSum([goodsCents, delivery]);
  const exemption = taxExemption(input);
  const taxes: OrderTax[] = exemption
    ? []
    : ratesFor(input.deliveryAddress, input.settings.taxRates).map((rate) => ({
        name: rate.name,
        ratePercent: rate.ratePercent,
        baseCents,
        amountCents: taxCents(baseCents, rateInThousandths(rate)),
      }));
  const totalCents = safeSum([baseCents, ...taxes.map((tax) => tax.amountCents)]);
  return { goodsCents, deliveryCents: delivery, taxes, totalCents, ...(exemption ? { exemption } : {}) };
}

export interface DeliverySettings {
  /** 'HH:MM' in the seller's time zone: orders placed after it leave the next working day. */
  orderCutoff: string;
  /** IANA time zone of the seller, e.g. 'Europe/Berlin'. */
  timeZone: string;
  /** Working days in transit per destination country. */
  transitDays: Readonly<Record<string, number>>;
}

export const DEFAULT_TRANSIT_DAYS = 3;

const DAY_MS = 24 * 60 * 60 * 1000;

const calendars = new Map<string, Intl.DateTimeFormat>();

/** The seller's calendar date (as a UTC midnight) and minutes past midnight at `moment`. */
function sellerClock(moment: Date, timeZone: string): { day: Date; minutes: number; seconds: number } {
  let calendar = calendars.get(timeZone);
  if (!calendar) {
    // Only the time-zone database knows the seller's wall clock (summer time included); this reads
    // numbers from it, it writes nothing a page shows.
    // eslint-disable-next-line no-restricted-properties
    calendar = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    calendars.set(timeZone, calendar);
  }
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    Number(calendar.formatToParts(moment).find((piece) => piece.type === type)?.value);
  return {
    day: new Date(Date.UTC(part('year'), part('month') - 1, part('day'))),
    minutes: part('hour') * 60 + part('minute'),
    seconds: part('second'),
  };
}

/** The seller's calendar date at `moment`, as 'YYYY-MM-DD': the day due dates and overdue days count in. */
export function sellerDate(moment: Date, timeZone: string): string {
  return sellerClock(moment, timeZone).day.toISOString().slice(0, 10);
}

const isWorkingDay = (day: Date): boolean => day.getUTCDay() !== 0 && day.getUTCDay() !== 6;

function nextWorkingDay(day: Date): Date {
  let next = new Date(day.getTime() + DAY_MS);
  while (!isWorkingDay(next)) next = new Date(next.getTime() + DAY_MS);
  return next;
}

function cutoffMinutes(cutoff: string): number {
  const match = /^([01]\d|2[0-3]):([0-5]\d)$/.exec(cutoff);
  if (!match) throw new RangeError(`The order cut-off is a time as HH:MM, e.g. 14:00, not "${cutoff}".`);
  return Number(match[1]) * 60 + Number(match[2]);
}

/**
 * The day an order placed at `placedAt` is expected at an address in `country`, as 'YYYY-MM-DD': it
 * leaves the same working day when placed by the cut-off (seller's time), else the next working day,
 * then takes the country's transit days, counted in working days (Monday to Friday).
 */
export function expectedDelivery(placedAt: Date, settings: DeliverySettings, country: string): string {
  const transit = settings.transitDays[country] ?? DEFAULT_TRANSIT_DAYS;
  if (!Number.isSafeInteger(transit) || transit < 0) {
    throw new RangeError(`Transit days to ${country} are a whole number, 0 or more, not ${transit}.`);
  }
  const clock = sellerClock(placedAt, settings.timeZone);
  const afterCutoff = clock.minutes * 60 + clock.seconds > cutoffMinutes(settings.orderCutoff) * 60;
  let day = isWorkingDay(clock.day) && !afterCutoff ? clock.day : nextWorkingDay(clock.day);
  for (let left = transit; left > 0; left--) day = nextWorkingDay(day);
  return day.toISOString().slice(0, 10);
}

/** The settings an order's figures and delivery day follow (GET /api/settings answers them all). */
export interface ShopPricingSettings {
  sellerAddress: { country: string; region?: string | undefined };
  sellerVatNumber: string;
  taxRates: readonly TaxRate[];
  deliveryFeeCents: number;
  freeDeliveryThresholdCents: number;
  orderCutoff: string;
  timeZone: string;
  transitDays: Readonly<Record<string, number>>;
}

/** Figures and delivery day as the cart quote and the order answer them. */
export interface OrderTotals extends PricedOrder {
  expectedDelivery: string;
}

/**
 * An order's figures and its expected delivery day, from the shop's settings as GET /api/settings
 * answers them: the one call the cart, the order form, the payment page and the server make.
 */
export function orderTotals(
  lines: readonly PricingLine[],
  deliveryAddress: DeliveryAddress,
  buyer: BuyerTaxStatus,
  settings: ShopPricingSettings,
  placedAt: Date,
): OrderTotals {
  const priced = priceOrder({
    lines,
    deliveryAddress,
    buyer,
    settings: {
      sellerCountry: settings.sellerAddress.country,
      ...(settings.sellerVatNumber ? { sellerVatId: settings.sellerVatNumber } : {}),
      taxRates: settings.taxRates,
      deliveryFeeCents: settings.deliveryFeeCents,
      freeDeliveryThresholdCents: settings.freeDeliveryThresholdCents,
    },
  });
  return { ...priced, expectedDelivery: expectedDelivery(placedAt, settings, deliveryAddress.country) };
}

/** Whether the shop delivers to `country`: `deliverTo` lists the countries, and empty means everywhere. */
export function deliversTo(deliverTo: readonly string[], country: string): boolean {
  return deliverTo.length === 0 || deliverTo.includes(country);
}
