import { z } from 'zod';
import * as copy from '../copy';
import { centsToPriceText } from '../money';
import { partNumberKey, type PriceTier } from '../pricing';
import { DEFAULT_MIN_ORDER_QUANTITY, MAX_PRICE_CENTS, MAX_STOCK } from './part-limits';

/**
 * A part's catalogue fields for selling by volume: SKU, cross-references (other brands' numbers), pack size and price
 * tiers (docs/shop-rules.md, "Volume prices and pack sizes"). Each schema validates one field; the
 * rules that tie the tiers to the part's own price and minimum order are `refinePartPricing`, run on
 * the whole part.
 *
 * None of them has a `.default()`: zod applies a default even inside `.partial()`, so an update body
 * built from them would reset a missing field. The defaults (no cross-references, a pack of
 * `DEFAULT_PACK_SIZE`, no tiers) belong where a part is created, and the pricing functions read a
 * missing pack size or tier list the same way.
 */

const p = copy.pricing;

export const MAX_CROSS_REFERENCES = 20;
export const MAX_BRAND_LENGTH = 40;
export const MAX_PRICE_TIERS = 10;

/** 3 to 32 letters, digits and hyphens, a letter or digit at either end: "GH-BRK-1042". */
export const SKU_PATTERN = /^[A-Za-z0-9][A-Za-z0-9-]{1,30}[A-Za-z0-9]$/;
/** A cross-reference's number: 3 to 40 letters, digits, spaces, dots, hyphens and slashes, a letter or digit at either end. */
export const REFERENCE_NUMBER_PATTERN = /^[A-Za-z0-9][A-Za-z0-9 ./-]{1,38}[A-Za-z0-9]$/;

/** The 1-based row an issue's path points into ("Tier 2: …"): its last numeric segment. */
function rowOf(path: readonly PropertyKey[] | undefined): number {
  const index = [...(path ?? [])].reverse().find((key) => typeof key === 'number');
  return typeof index === 'number' ? index + 1 : 1;
}

/** The manufacturer's part number, trimmed and stored upper-case. Unique: the server checks that. */
export const skuSchema = z
  .string({ error: p.skuRequired })
  .trim()
  .min(1, { error: p.skuRequired, abort: true })
  .regex(SKU_PATTERN, p.skuInvalid)
  .toUpperCase();

const referenceInvalid = (issue: { path?: PropertyKey[] }) => p.crossReferenceInvalid(rowOf(issue.path));
const brandInvalid = (issue: { path?: PropertyKey[] }) => p.crossReferenceBrandInvalid(rowOf(issue.path), MAX_BRAND_LENGTH);
const numberInvalid = (issue: { path?: PropertyKey[] }) => p.crossReferenceNumberInvalid(rowOf(issue.path));

/**
 * Another brand's number for the part (a car maker's or a competitor's): the brand trimmed, 1 to 40
 * characters; the number trimmed, runs of spaces made one, kept as written otherwise.
 */
export const crossReferenceSchema = z.strictObject(
  {
    brand: z
      .string({ error: brandInvalid })
      .trim()
      .overwrite((text) => text.replace(/\s+/g, ' '))
      .min(1, { error: brandInvalid })
      .max(MAX_BRAND_LENGTH, { error: brandInvalid }),
    number: z
      .string({ error: numberInvalid })
      .trim()
      .overwrite((text) => text.replace(/\s+/g, ' '))
      .regex(REFERENCE_NUMBER_PATTERN, { error: numberInvalid }),
  },
  { error: referenceInvalid },
);
export type CrossReference = z.infer<typeof crossReferenceSchema>;

/**
 * Whether two references are the same: the brand compared case-insensitively, the number by
 * `partNumberKey` ("Bosch 0 986 479 303" and "BOSCH 0986479303").
 */
export const crossReferenceKey = (reference: CrossReference) =>
  `${reference.brand.trim().toLowerCase()}|${partNumberKey(reference.number)}`;

/**
 * Car makers' and other brands' numbers for the same part: at most 20, no brand with the same number
 * twice. Every message names its row ("Cross-reference 3: …") and sits on that row's field.
 */
export const crossReferencesSchema = z
  .array(crossReferenceSchema, { error: p.crossReferencesInvalid })
  .max(MAX_CROSS_REFERENCES, p.crossReferencesTooMany(MAX_CROSS_REFERENCES))
  .superRefine((references, ctx) => {
    const firstRow = new Map<string, number>();
    references.forEach((reference, index) => {
      // A row refused on its own (no brand, no text) is not compared.
      if (typeof reference?.brand !== 'string' || typeof reference.number !== 'string') return;
      const key = crossReferenceKey(reference);
      const first = firstRow.get(key);
      if (first === undefined) firstRow.set(key, index);
      else ctx.addIssue({ code: 'custom', path: [index, 'number'], message: p.crossReferenceDuplicate(index + 1, first + 1) });
    });
  })
  .meta({
    examples: [
      [
        { brand: 'Volkswagen', number: '1K0 698 151 A' },
        { brand: 'Bosch', number: '0 986 494 161' },
      ],
    ],
  });

/** How many units make one pack; a line's quantity is a whole number of packs. */
export const packSizeSchema = z
  .number({ error: p.packSizeInvalid })
  .int(p.packSizeInvalid)
  .min(1, p.packSizeInvalid)
  .max(MAX_STOCK, p.packSizeInvalid);

/** The smallest quantity a line of the part may have; DEFAULT_MIN_ORDER_QUANTITY when a new part names none. */
export const minOrderQuantitySchema = z
  .number({ error: p.minOrderQuantityInvalid(MAX_STOCK) })
  .int(p.minOrderQuantityInvalid(MAX_STOCK))
  .min(1, p.minOrderQuantityInvalid(MAX_STOCK))
  .max(MAX_STOCK, p.minOrderQuantityInvalid(MAX_STOCK));

/** A part's own low-stock threshold (#shared/stock); null in a part's body keeps the default. */
export const lowStockThresholdSchema = z
  .number({ error: p.lowStockThresholdInvalid })
  .int(p.lowStockThresholdInvalid)
  .min(0, p.lowStockThresholdInvalid)
  .max(MAX_STOCK, p.lowStockThresholdInvalid);

const tierQuantityInvalid = (issue: { path?: PropertyKey[] }) => p.tierQuantityInvalid(rowOf(issue.path));
const tierPriceInvalid = (issue: { path?: PropertyKey[] }) => p.tierPriceInvalid(rowOf(issue.path));

export const priceTierSchema = z.strictObject({
  minQuantity: z
    .number({ error: tierQuantityInvalid })
    .int({ error: tierQuantityInvalid })
    .min(1, { error: tierQuantityInvalid })
    .max(MAX_STOCK, { error: tierQuantityInvalid }),
  unitPriceCents: z
    .number({ error: tierPriceInvalid })
    .int({ error: tierPriceInvalid })
    .min(0, { error: tierPriceInvalid })
    .max(MAX_PRICE_CENTS, { error: tierPriceInvalid }),
});

const isQuantity = (n: number) => Number.isInteger(n) && n >= 1 && n <= MAX_STOCK;
const isPrice = (n: number) => Number.isInteger(n) && n >= 0 && n <= MAX_PRICE_CENTS;

/**
 * The tiers as rows: at most 10, quantities ascending, each unit price lower than the row before.
 * Every message names its row ("Tier 2: …") and sits on that row's field. Where the tiers stand
 * against the part's own price and minimum order is `refinePartPricing`'s to say.
 */
export const priceTiersSchema = z
  .array(priceTierSchema, { error: p.tiersInvalid })
  .max(MAX_PRICE_TIERS, p.tiersTooMany(MAX_PRICE_TIERS))
  .superRefine((tiers, ctx) => {
    for (let index = 1; index < tiers.length; index++) {
      const row = index + 1;
      const [before, tier] = [tiers[index - 1]!, tiers[index]!];
      if (isQuantity(before.minQuantity) && isQuantity(tier.minQuantity) && tier.minQuantity <= before.minQuantity) {
        ctx.addIssue({
          code: 'custom',
          path: [index, 'minQuantity'],
          message: p.tierQuantityNotAscending(row, before.minQuantity),
        });
      }
      if (isPrice(before.unitPriceCents) && isPrice(tier.unitPriceCents) && tier.unitPriceCents >= before.unitPriceCents) {
        ctx.addIssue({
          code: 'custom',
          path: [index, 'unitPriceCents'],
          message: p.tierPriceNotLower(row, centsToPriceText(before.unitPriceCents)),
        });
      }
    }
  });

/** What the part-wide tier rules read of a part (a create body, or a stored part merged with an update). */
export interface PartPricingInput {
  priceCents: number;
  /** Absent: the default minimum order. */
  minOrderQuantity?: number | undefined;
  priceTiers?: readonly PriceTier[] | undefined;
}

export interface PricingProblem {
  path: ['priceTiers', number, keyof PriceTier];
  message: string;
}

/**
 * The tier rules that need the part: every tier's quantity above the part's minimum order, every
 * tier's price below the part's own price. Empty when the tiers fit the part. For the server to check
 * a stored part merged with an update, where the price or minimum order may change without the tiers.
 */
export function partPricingProblems(part: PartPricingInput): PricingProblem[] {
  const minimum = part.minOrderQuantity ?? DEFAULT_MIN_ORDER_QUANTITY;
  const problems: PricingProblem[] = [];
  (part.priceTiers ?? []).forEach((tier, index) => {
    // A minimum that is not a quantity (a form's field still being typed) has its own message instead.
    if (isQuantity(tier.minQuantity) && isQuantity(minimum) && tier.minQuantity <= minimum) {
      problems.push({
        path: ['priceTiers', index, 'minQuantity'],
        message: p.tierQuantityNotAboveMinimum(index + 1, minimum),
      });
    }
    if (isPrice(tier.unitPriceCents) && isPrice(part.priceCents) && tier.unitPriceCents >= part.priceCents) {
      problems.push({
        path: ['priceTiers', index, 'unitPriceCents'],
        message: p.tierPriceNotBelowBase(index + 1, centsToPriceText(part.priceCents)),
      });
    }
  });
  return problems;
}

/**
 * `partPricingProblems` as a zod refinement of a whole part body:
 * `partInputSchema.extend({ priceTiers: priceTiersSchema, … }).superRefine(refinePartPricing)`.
 */
export function refinePartPricing(part: PartPricingInput, ctx: z.RefinementCtx): void {
  for (const problem of partPricingProblems(part)) ctx.addIssue({ code: 'custom', ...problem });
}
