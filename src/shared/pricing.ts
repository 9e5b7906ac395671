import * as copy from './copy';
import { formatMoney } from './money';

/**
 * Volume prices and pack sizes (docs/shop-rules.md, "Volume prices and pack sizes"): one module that the
 * server prices orders with and the browser shows prices with, so the two never disagree. Free of zod
 * on purpose, like `stock.ts`: the public pages' cards use it without loading the schemas, which live
 * in `schemas/catalogue.ts`.
 */

/** From `minQuantity` units on, each unit costs `unitPriceCents`. */
export interface PriceTier {
  minQuantity: number;
  unitPriceCents: number;
}

/** What pricing needs of a part. A part without tiers is sold at `priceCents` whatever the quantity. */
export interface PricedPart {
  priceCents: number;
  priceTiers?: readonly PriceTier[];
  /** The flash deal's percentage off while the part is in a running deal (`dealPercentAt`); 0 or absent: none. */
  dealPercent?: number;
}

/** A flash deal as a part in it carries it: the percentage off and the moment it ends (ISO). */
export interface FlashDealTerms {
  percent: number;
  endsAt: string;
}

/**
 * The percentage off a part in the deal has at `now` (ms since the epoch): the deal's until its end, 0
 * from the end on (and without a deal). The server and the browser both ask this, each with its clock.
 */
export function dealPercentAt(deal: FlashDealTerms | null | undefined, now: number): number {
  if (!deal) return 0;
  const end = Date.parse(deal.endsAt);
  return Number.isFinite(end) && now < end ? deal.percent : 0;
}

/**
 * `cents` with `percent` off, in whole cents: the discount is the percentage of the price rounded to
 * the nearest cent, a half cent going to the buyer ($0.10 at 25% off is $0.07). Integer arithmetic
 * only, so every engine, node and browser gets the same cent; exact up to MAX_PRICE_CENTS.
 */
export function discountedCents(cents: number, percent: number): number {
  if (!(percent > 0)) return cents;
  return cents - Math.floor((cents * percent + 50) / 100);
}

/** What the quantity rules need of a part. A part without a pack size is sold by the unit. */
export interface OrderablePart {
  minOrderQuantity: number;
  stock: number;
  packSize?: number;
}

export const DEFAULT_PACK_SIZE = 1;

/**
 * The tier a quantity is priced by: the one with the highest `minQuantity` not above the quantity, or
 * undefined when the quantity is below every tier (it pays the part's own price).
 */
export function tierFor(part: PricedPart, quantity: number): PriceTier | undefined {
  let found: PriceTier | undefined;
  // Valid tiers are in ascending order; the search does not rely on it, so a row out of order never
  // prices a quantity by a lower tier than the one it reached.
  for (const tier of part.priceTiers ?? []) {
    if (tier.minQuantity <= quantity && (found === undefined || tier.minQuantity > found.minQuantity)) found = tier;
  }
  return found;
}

/**
 * The price of one unit when `quantity` units are bought together, in cents: the tier's (or the part's
 * own) price, then the flash deal's percentage off it while the part is in a running deal. The one
 * price the cart, the order, its invoice and the pages show.
 */
export function unitPriceFor(part: PricedPart, quantity: number): number {
  return discountedCents(tierFor(part, quantity)?.unitPriceCents ?? part.priceCents, part.dealPercent ?? 0);
}

/**
 * What a company gives its members on prices (docs/shop-rules.md, "Trade accounts"): its discount off
 * every price, and its contract price for the part being priced, when it has one.
 */
export interface CompanyPricing {
  /** 0–50: the company's percentage off the tier price. */
  discountPercent: number;
  /** The company's contract unit price for this part, in cents; absent or null: none. */
  contractPriceCents?: number | null | undefined;
}

/**
 * "Your price": what one unit costs a member of an active company when `quantity` units are bought
 * together: the tier price (flash deal included, as `unitPriceFor`) less the company's discount, or
 * the contract price when that is lower. Without company pricing it is `unitPriceFor`.
 */
export function memberUnitPriceCents(
  part: PricedPart,
  quantity: number,
  companyPricing: CompanyPricing | null | undefined,
): number {
  const listed = unitPriceFor(part, quantity);
  if (!companyPricing) return listed;
  const discounted = discountedCents(listed, companyPricing.discountPercent);
  const contract = companyPricing.contractPriceCents;
  return contract != null && contract < discounted ? contract : discounted;
}

/** What a line of `quantity` units costs: unit price × quantity, in integer cents. */
export function lineTotalCents(part: PricedPart, quantity: number): number {
  return unitPriceFor(part, quantity) * quantity;
}

/** What the volume price and the flash deal save against the part's own price ("You save $X"), in cents. */
export function savingsCents(part: PricedPart, quantity: number): number {
  return (part.priceCents - unitPriceFor(part, quantity)) * quantity;
}

/** The smallest quantity a line of this part may have: its minimum order, rounded up to whole packs. */
export function smallestAllowedQuantity(part: OrderablePart): number {
  const pack = part.packSize ?? DEFAULT_PACK_SIZE;
  return Math.ceil(part.minOrderQuantity / pack) * pack;
}

/**
 * The largest quantity a line of this part may have now: its stock in whole packs; 0 when that is less
 * than the smallest allowed quantity, so that the part cannot be ordered until it is restocked.
 */
export function largestAllowedQuantity(part: OrderablePart): number {
  const pack = part.packSize ?? DEFAULT_PACK_SIZE;
  const largest = Math.floor(Math.max(0, part.stock) / pack) * pack;
  return largest > 0 && largest >= smallestAllowedQuantity(part) ? largest : 0;
}

/**
 * Why a line (cart or order) of `quantity` units of this part cannot be ordered, as the first broken
 * rule's message: a whole number, a part with enough left to sell at all, at least the minimum order,
 * at most the stock (saying how many are left), whole packs. Null when it can be ordered.
 */
export function quantityProblem(part: OrderablePart, quantity: number): string | null {
  const pack = part.packSize ?? DEFAULT_PACK_SIZE;
  if (!Number.isSafeInteger(quantity)) return copy.validation.quantityWhole;
  const largest = largestAllowedQuantity(part);
  // Asking for the minimum would only be refused next: say at once that none can be ordered.
  if (largest === 0) return copy.pricing.cannotOrderNow(part.stock, smallestAllowedQuantity(part));
  const minimum = Math.max(1, part.minOrderQuantity);
  if (quantity < minimum) return copy.validation.quantityTooLow(minimum);
  if (quantity > part.stock) return copy.pricing.overStock(part.stock, largest, pack);
  if (quantity % pack !== 0) return copy.pricing.packsOf(pack);
  return null;
}

/**
 * Why `quantity` more units cannot go onto a cart line that holds `inCart` of the part: the rules
 * apply to what the line would hold. Over the stock, the message says how many can still be added;
 * another rule is said with what the cart holds, since the quantity alone may obey it.
 */
export function addingProblem(part: OrderablePart, quantity: number, inCart: number): string | null {
  const total = inCart + quantity;
  const problem = quantityProblem(part, total);
  if (problem === null || inCart <= 0) return problem;
  const largest = largestAllowedQuantity(part);
  if (largest === 0) return problem;
  if (Number.isSafeInteger(total) && total > part.stock) {
    return copy.pricing.overStockWithCart(part.stock, inCart, Math.max(0, largest - inCart));
  }
  return copy.cartView.notAdded(inCart, problem);
}

/** The tiers as one line: "12+ $48.90 · 48+ $46.50 · 96+ $44.00"; empty when the part has none. */
export function formatTiers(part: PricedPart, currency?: string): string {
  return (part.priceTiers ?? [])
    .map((tier) => copy.pricing.tier(tier.minQuantity, formatMoney(tier.unitPriceCents, currency)))
    .join(copy.pricing.tierSeparator);
}

/**
 * A part number as search compares it: upper case, without spaces, dots or hyphens (typographic
 * dashes pasted from a catalogue count as hyphens). "gh brk 1042", "GH.BRK.1042" and "GH-BRK-1042"
 * all give "GHBRK1042". Apply it to both the stored number and the searched text.
 */
export function partNumberKey(text: string): string {
  return text.toUpperCase().replace(/[\s.\-\u2010-\u2015\u2212]/g, '');
}
