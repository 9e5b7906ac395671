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

/** The price of one unit when `quantity` units are bought together, in cents. */
export function unitPriceFor(part: PricedPart, quantity: number): number {
  return tierFor(part, quantity)?.unitPriceCents ?? part.priceCents;
}

/** What a line of `quantity` units costs: unit price × quantity, in integer cents. */
export function lineTotalCents(part: PricedPart, quantity: number): number {
  return unitPriceFor(part, quantity) * quantity;
}

/** What buying `quantity` together saves against the part's own price ("You save $X"), in cents. */
export function savingsCents(part: PricedPart, quantity: number): number {
  return (part.priceCents - unitPriceFor(part, quantity)) * quantity;
}

/** The smallest quantity a line of this part may have: its minimum order, rounded up to whole packs. */
export function smallestAllowedQuantity(part: OrderablePart): number {
  const pack = part.packSize ?? DEFAULT_PACK_SIZE;
  return Math.ceil(part.minOrderQuantity / pack) * pack;
}

/**
 * Why a line (cart or order) of `quantity` units of this part cannot be ordered, as the first broken
 * rule's message: a whole number, at least the minimum order, at most the stock, whole packs. Null
 * when it can be ordered.
 */
export function quantityProblem(part: OrderablePart, quantity: number): string | null {
  const pack = part.packSize ?? DEFAULT_PACK_SIZE;
  if (!Number.isSafeInteger(quantity)) return copy.validation.quantityWhole;
  const minimum = Math.max(1, part.minOrderQuantity);
  if (quantity < minimum) return copy.validation.quantityTooLow(minimum);
  if (quantity > part.stock) return copy.validation.quantityTooHigh;
  if (quantity % pack !== 0) return copy.pricing.packsOf(pack);
  return null;
}

/** The tiers as one line: "12+ $48.90 · 48+ $46.50 · 96+ $44.00"; empty when the part has none. */
export function formatTiers(part: PricedPart): string {
  return (part.priceTiers ?? [])
    .map((tier) => copy.pricing.tier(tier.minQuantity, formatMoney(tier.unitPriceCents)))
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
