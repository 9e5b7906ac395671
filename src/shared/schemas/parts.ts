import { z } from 'zod';
import * as copy from '../copy';
import { centsToPriceText, PRICE_PATTERN, parsePriceToCents } from '../money';
import { idSchema, isoDateTime, limitSchema, pageOf, pageSchema, requiredText } from './common';
import {
  crossReferencesSchema,
  minOrderQuantitySchema,
  packSizeSchema,
  lowStockThresholdSchema,
  partPricingProblems,
  priceTiersSchema,
  refinePartPricing,
  skuSchema,
} from './catalogue';
import { MAX_CORE_CHARGE_CENTS, MAX_PRICE_CENTS, MAX_STOCK } from './part-limits';
import { MAX_SEARCH_LENGTH, partSortValues } from './query-limits';
import { fitSchema, fitmentsInputSchema, vehicleYearParamSchema } from './vehicles';
import { resolvedFromSchema } from './supersessions';
import { EXAMPLE_CATEGORY_ID, EXAMPLE_IMAGE_URL, EXAMPLE_PART_ID } from './examples';

const v = copy.validation;

export { DEFAULT_MIN_ORDER_QUANTITY, MAX_CORE_CHARGE_CENTS, MAX_PRICE_CENTS, MAX_STOCK } from './part-limits';

export { MAX_SEARCH_LENGTH, type PartSort, partSortValues } from './query-limits';

/**
 * GET /api/parts. Filters that name nothing the shop has (a category, vehicle or make it does not
 * know) give an empty list that names them (`unknownFilters`), never an error; a year outside
 * 1950–next year is refused. Without `sort`, a search is ordered by relevance, a list by newest.
 */
export const listPartsQuerySchema = z.object({
  q: z
    .string()
    .transform((text) => text.trim().slice(0, MAX_SEARCH_LENGTH).trim())
    .optional()
    .transform((text) => text || undefined),
  sort: z.enum(partSortValues).optional(),
  /** `true`: only the parts that can be booked (isInStock in #shared/stock). */
  inStock: z.stringbool().default(false),
  /** `true`: only the parts in the flash deal, while it runs (none once it has ended). */
  deal: z.stringbool().default(false),
  /** A category's slug. */
  category: z.string().trim().max(60).optional(),
  /** A vehicle's id: only the parts that fit it (in `year`, when given). */
  vehicle: z.string().trim().max(64).optional(),
  /** A make: only the parts that fit one of its vehicles (in `year`, when given). */
  make: z.string().trim().max(60).optional(),
  year: vehicleYearParamSchema.optional(),
  page: pageSchema,
  limit: limitSchema(60, 12),
});
export type ListPartsQuery = z.infer<typeof listPartsQuerySchema>;

export const ratingSummarySchema = z.object({
  average: z.number(),
  count: z.number().int(),
});

const examplePart = {
  id: EXAMPLE_PART_ID,
  name: 'Front brake pads, ceramic',
  description: 'Ceramic pads for the front axle: quiet, low dust, with wear sensors.',
  priceCents: 4890,
  stock: 120,
  minOrderQuantity: 1,
  imageUrl: EXAMPLE_IMAGE_URL,
  sku: 'GH-BRK-0042',
  categoryId: EXAMPLE_CATEGORY_ID,
  category: { slug: 'brakes', name: 'Brakes' },
  crossReferences: [{ brand: 'Bosch', number: '0 986 494 161' }],
  packSize: 2,
  lowStockThreshold: null,
  priceTiers: [
    { minQuantity: 4, unitPriceCents: 4390 },
    { minQuantity: 20, unitPriceCents: 3950 },
  ],
  coreChargeCents: 0,
  deal: null,
  rating: { average: 4.6, count: 38 },
  createdAt: '2026-02-10T08:00:00.000Z',
  updatedAt: '2026-11-28T16:45:00.000Z',
};

export const partSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    description: z.string(),
    priceCents: z.number().int(),
    stock: z.number().int(),
    minOrderQuantity: z.number().int(),
    imageUrl: z.string(),
    /** The manufacturer's part number, upper-case: "GH-BRK-1042". */
    sku: z.string(),
    categoryId: z.string(),
    category: z.object({ slug: z.string(), name: z.string() }),
    /** Car makers' and other brands' numbers for the same part, in the admin's order. */
    crossReferences: z
      .array(z.object({ brand: z.string(), number: z.string() }))
      .meta({ examples: [[{ brand: 'Volkswagen', number: '1K0 698 151 A' }]] }),
    /** Quantities are whole multiples of it. */
    packSize: z.number().int(),
    /** The stock under which the part runs low, set by an admin; null: twice the minimum order (#shared/stock). */
    lowStockThreshold: z.number().int().nullable(),
    /** Ascending; the unit price from each `minQuantity` on (#shared/pricing). */
    priceTiers: z.array(z.object({ minQuantity: z.number().int(), unitPriceCents: z.number().int() })),
    /** The refundable deposit per unit on the old unit, net of tax, charged on a line of its own; 0: none. */
    coreChargeCents: z
      .number()
      .int()
      .meta({ examples: [4500] }),
    /**
     * While the part is in the flash deal and the deal runs: its percentage off every unit price (tiers
     * included), when it ends, and the part's own price at the deal. Null (or absent) otherwise. A client
     * drops it once `endsAt` has passed, as the server's prices do.
     */
    deal: z
      .object({ percent: z.number().int(), endsAt: isoDateTime, priceCents: z.number().int() })
      .nullable()
      .optional()
      .describe(
        'The flash deal while it runs for this part: percent off every unit price, its end, the price at the deal. Null otherwise.',
      ),
    rating: ratingSummarySchema,
    createdAt: isoDateTime,
    updatedAt: isoDateTime,
  })
  .meta({ examples: [examplePart] });
export type Part = z.infer<typeof partSchema>;

/** GET /api/parts/:id: the part and the vehicles it fits, in the admin's order. */
export const partDetailSchema = partSchema.extend({ fits: z.array(fitSchema) }).meta({
  examples: [
    {
      ...examplePart,
      fits: [
        {
          vehicle: { id: '01J8Z6Q3W5N2A7B4C9D0E1F2G3', make: 'Ford', model: 'Focus III', engine: '1.6 Ti-VCT 92 kW' },
          yearFrom: 2011,
          yearTo: 2018,
          note: 'front axle',
        },
      ],
    },
  ],
});
export type PartDetail = z.infer<typeof partDetailSchema>;

/** Filters of GET /api/parts that can name something the shop does not have. */
export const partListFilterNames = ['category', 'vehicle', 'make'] as const;
export type PartListFilterName = (typeof partListFilterNames)[number];

/**
 * The list's facets: for each category, how many parts match every other filter; and how many of the
 * parts matching every filter but "in stock only" can be booked.
 */
export const partFacetsSchema = z.object({
  categories: z.array(z.object({ slug: z.string(), name: z.string(), count: z.number().int() })),
  inStock: z.number().int(),
});
export type PartFacets = z.infer<typeof partFacetsSchema>;

export const partListSchema = pageOf(
  // A search for a replaced number lists the part replacing it first, saying how it was resolved.
  partSchema.extend({
    resolvedFrom: resolvedFromSchema.optional(),
    matchedReference: z
      .object({ brand: z.string(), number: z.string() })
      .nullable()
      .optional()
      .meta({ examples: [{ brand: 'Bosch', number: '0 986 494 161' }] })
      .describe(
        "With a search: the part's cross-reference whose number the search is (or is part of), when its own SKU is not. Null or absent otherwise.",
      ),
  }),
)
  .extend({
    facets: partFacetsSchema,
    /** The filters whose value the shop does not know; the list is then empty. */
    unknownFilters: z.array(z.enum(partListFilterNames)),
    suggestion: z
      .string()
      .optional()
      .describe(
        'Only on a first page that found nothing for a search: the same search with each word the catalogue lacks replaced by the nearest word it has ("break pads" → "brake pads"), when that finds parts under the same filters. Absent otherwise.',
      ),
  })
  .meta({
    examples: [
      {
        items: [{ ...examplePart, matchedReference: { brand: 'Bosch', number: '0 986 494 161' } }],
        total: 1,
        page: 1,
        limit: 12,
        facets: { categories: [{ slug: 'brakes', name: 'Brakes', count: 1 }], inStock: 1 },
        unknownFilters: [],
      },
    ],
  });
export type PartList = z.infer<typeof partListSchema>;

export const partIdParamsSchema = z.object({ id: idSchema });

/**
 * DELETE /api/parts/:id. A part with unpaid orders is removed only when the admin confirmed that
 * those orders are cancelled with it (`cancelUnpaidOrders=true`); otherwise 409 says how many.
 */
export const removePartQuerySchema = z.object({
  cancelUnpaidOrders: z.stringbool().default(false),
});
export type RemovePartQuery = z.infer<typeof removePartQuerySchema>;

/** GET /api/parts/:id/unpaid-orders (admin): how many unpaid orders deleting the part would cancel. */
export const unpaidOrdersOfPartSchema = z.object({ count: z.number().int() });
export type UnpaidOrdersOfPart = z.infer<typeof unpaidOrdersOfPartSchema>;

/** GET /api/parts/best-sellers: the parts with the most units in paid orders, topped up with the newest. */
export const bestSellersQuerySchema = z.object({ limit: limitSchema(24, 9) });
export type BestSellersQuery = z.infer<typeof bestSellersQuerySchema>;
export const bestSellersSchema = z.object({ items: z.array(partSchema) });
export type BestSellers = z.infer<typeof bestSellersSchema>;

const coreChargeInvalid = copy.pricing.coreChargeInvalid(centsToPriceText(MAX_CORE_CHARGE_CENTS));
const coreChargeCentsSchema = z
  .number({ error: coreChargeInvalid })
  .int(coreChargeInvalid)
  .min(0, coreChargeInvalid)
  .max(MAX_CORE_CHARGE_CENTS, coreChargeInvalid);

/** The fields of the API's create/update body; errors are reported under the form's field names (price, quantity). */
const partInputFields = z.strictObject({
  name: requiredText(v.nameRequired, 120),
  description: requiredText(v.descriptionRequired, 5000),
  priceCents: z
    .number({ error: v.priceRequired })
    .int(v.priceInvalid)
    .min(0, v.priceInvalid)
    .max(MAX_PRICE_CENTS, v.priceInvalid),
  stock: z
    .number({ error: v.quantityRequiredPart })
    .int(v.quantityInvalidPart)
    .min(0, v.quantityInvalidPart)
    .max(MAX_STOCK, v.quantityInvalidPart),
  imageUrl: requiredText(v.imageRequired, 500),
  /** Absent on create: DEFAULT_MIN_ORDER_QUANTITY. */
  minOrderQuantity: minOrderQuantitySchema.optional(),
  sku: skuSchema,
  categoryId: z.string({ error: copy.categories.required }).min(1, copy.categories.required).max(64, copy.categories.unknown),
  crossReferences: crossReferencesSchema.optional(),
  packSize: packSizeSchema.optional(),
  /** null (or left out on create): twice the minimum order. */
  lowStockThreshold: lowStockThresholdSchema.nullable().optional(),
  priceTiers: priceTiersSchema.optional(),
  /** The refundable deposit per unit, in cents; absent on create (or 0): none. */
  coreChargeCents: coreChargeCentsSchema.optional(),
  /** The vehicles it fits; on update, the whole list (absent: unchanged). */
  fitments: fitmentsInputSchema.optional(),
});

/**
 * POST /api/parts. Without cross-references, pack size or tiers the part has none, a pack of one and no
 * tiers; the tiers must fit the part's own price and minimum order.
 */
export const partInputSchema = partInputFields.superRefine(refinePartPricing).meta({
  examples: [
    {
      name: 'Front brake pads, ceramic',
      description: 'Ceramic pads for the front axle: quiet, low dust, with wear sensors.',
      priceCents: 4890,
      stock: 120,
      imageUrl: EXAMPLE_IMAGE_URL,
      sku: 'GH-BRK-0042',
      categoryId: EXAMPLE_CATEGORY_ID,
      minOrderQuantity: 1,
      packSize: 2,
      crossReferences: [{ brand: 'Bosch', number: '0 986 494 161' }],
      priceTiers: [
        { minQuantity: 4, unitPriceCents: 4390 },
        { minQuantity: 20, unitPriceCents: 3950 },
      ],
      fitments: [{ vehicleId: '01J8Z6Q3W5N2A7B4C9D0E1F2G3', yearFrom: 2011, yearTo: 2018, note: 'front axle' }],
    },
  ],
});
export type PartInput = z.infer<typeof partInputSchema>;

/**
 * PATCH /api/parts/:id: any of the create fields (the edit form sends them all; the photo only when
 * changed). The server checks the tiers against the part as it will be, stored fields and changes together.
 */
export const partUpdateSchema = partInputFields.partial().meta({
  examples: [
    {
      priceCents: 4690,
      stock: 96,
      minOrderQuantity: 2,
      crossReferences: [
        { brand: 'Bosch', number: '0 986 494 161' },
        { brand: 'Ford', number: '1 916 587' },
      ],
      coreChargeCents: 0,
    },
  ],
});
export type PartUpdate = z.infer<typeof partUpdateSchema>;

/** API field → form field, so a server answer lands next to the right input. */
export const partFieldNames: Record<string, string> = { priceCents: 'price', stock: 'quantity', coreChargeCents: 'coreCharge' };

const p = copy.pricing;

/** The most cross-references and tier rows the form takes: the API's limits. */
export { MAX_BRAND_LENGTH, MAX_CROSS_REFERENCES, MAX_PRICE_TIERS } from './catalogue';

/** One cross-reference row as typed. */
export interface CrossReferenceRow {
  brand: string;
  number: string;
}

/** A whole number as typed: no sign, no leading zeros. */
const quantityText = /^(0|[1-9]\d*)$/;

/** One price tier row as typed: its quantity and its unit price in dollars, like the part's own price. */
export interface PriceTierRow {
  minQuantity: string;
  unitPrice: string;
}

/** The rows as the API's tiers; a text that is not a number becomes NaN, which the tier schemas refuse on its row. */
function tiersOf(rows: readonly PriceTierRow[]): { minQuantity: number; unitPriceCents: number }[] {
  return rows.map((row) => ({
    minQuantity: quantityText.test(row.minQuantity.trim()) ? Number(row.minQuantity.trim()) : Number.NaN,
    unitPriceCents: parsePriceToCents(row.unitPrice) ?? Number.NaN,
  }));
}

/** An API tier path (`[1, 'unitPriceCents']`) as the form's (`[1, 'unitPrice']`). */
function tierRowPath(path: readonly PropertyKey[]): PropertyKey[] {
  return path.map((key) => (key === 'unitPriceCents' ? 'unitPrice' : key));
}

/**
 * The form's text fields, turned into the API body by `toPartInput`. The catalogue fields are checked
 * by the API's own schemas (#shared/schemas/catalogue), so the browser says what the server would, on
 * the same row. The rules that tie the tiers to the part's price and minimum order are
 * `partFormPricingSchema`'s, which needs the part's minimum order.
 */
export const partFormSchema = z.object({
  name: requiredText(v.nameRequired, 120),
  price: z
    .string()
    .trim()
    .min(1, { error: v.priceRequired, abort: true })
    .regex(PRICE_PATTERN, { error: v.priceInvalid, abort: true })
    .refine((text) => (parsePriceToCents(text) ?? Infinity) <= MAX_PRICE_CENTS, v.priceInvalid),
  quantity: z
    .string()
    .trim()
    .min(1, { error: v.quantityRequiredPart, abort: true })
    .regex(quantityText, { error: v.quantityInvalidPart, abort: true })
    .refine((text) => Number(text) <= MAX_STOCK, v.quantityInvalidPart),
  description: requiredText(v.descriptionRequired, 5000),
  sku: skuSchema,
  categoryId: z.string().min(1, copy.categories.required),
  /** Rows of brand and number; every problem names its row ("Cross-reference 3: …") and sits on its field. */
  crossReferences: z.array(z.object({ brand: z.string(), number: z.string() })).superRefine((rows, ctx) => {
    const checked = crossReferencesSchema.safeParse(rows);
    if (checked.success) return;
    for (const issue of checked.error.issues) ctx.addIssue({ code: 'custom', path: issue.path, message: issue.message });
  }),
  minOrderQuantity: z
    .string()
    .trim()
    .regex(quantityText, { error: p.minOrderQuantityInvalid(MAX_STOCK), abort: true })
    .refine((text) => minOrderQuantitySchema.safeParse(Number(text)).success, p.minOrderQuantityInvalid(MAX_STOCK)),
  packSize: z
    .string()
    .trim()
    .regex(quantityText, { error: p.packSizeInvalid, abort: true })
    .superRefine((text, ctx) => {
      const checked = packSizeSchema.safeParse(Number(text));
      if (!checked.success) ctx.addIssue({ code: 'custom', message: p.packSizeInvalid });
    }),
  /** Empty: none. */
  coreCharge: z
    .string()
    .trim()
    .refine((text) => text === '' || coreChargeCentsSchema.safeParse(parsePriceToCents(text) ?? Number.NaN).success, {
      error: coreChargeInvalid,
    }),
  /** Empty: twice the minimum order. */
  lowStockThreshold: z
    .string()
    .trim()
    .refine((text) => text === '' || (quantityText.test(text) && lowStockThresholdSchema.safeParse(Number(text)).success), {
      error: p.lowStockThresholdInvalid,
    }),
  priceTiers: z.array(z.object({ minQuantity: z.string(), unitPrice: z.string() })).superRefine((rows, ctx) => {
    const checked = priceTiersSchema.safeParse(tiersOf(rows));
    if (checked.success) return;
    for (const issue of checked.error.issues) {
      ctx.addIssue({ code: 'custom', path: tierRowPath(issue.path), message: issue.message });
    }
  }),
});
export type PartForm = z.infer<typeof partFormSchema>;

/** The minimum order as typed, or NaN when it is not a whole number (its own field says so). */
function minimumOf(text: string): number {
  return quantityText.test(text.trim()) ? Number(text.trim()) : Number.NaN;
}

/**
 * `partPricingProblems` on the form's rows, as a schema to join to the form's with `.and()`: every tier
 * above the minimum order typed and cheaper than the price typed. Joined rather than refined on the
 * form, because zod skips a refinement once a field has failed with `abort` (an empty name), and the
 * rows' problems should show with the rest at once.
 */
export function partFormPricingSchema() {
  return z
    .unknown()
    .superRefine((form, ctx) => {
      const { price, priceTiers, minOrderQuantity } = (form ?? {}) as Partial<
        Pick<PartForm, 'price' | 'priceTiers' | 'minOrderQuantity'>
      >;
      if (typeof price !== 'string' || !Array.isArray(priceTiers) || typeof minOrderQuantity !== 'string') return;
      const problems = partPricingProblems({
        priceCents: parsePriceToCents(price) ?? Number.NaN,
        minOrderQuantity: minimumOf(minOrderQuantity),
        priceTiers: tiersOf(priceTiers),
      });
      for (const problem of problems) ctx.addIssue({ code: 'custom', path: tierRowPath(problem.path), message: problem.message });
    })
    .transform(() => ({}));
}

/** The form's values as the API's part body (create; an update sends the same fields). */
export function toPartInput(form: PartForm, imageUrl: string): PartInput {
  // Written as the server keeps them (trimmed, runs of spaces made one).
  const crossReferences = crossReferencesSchema.safeParse(form.crossReferences);
  return {
    name: form.name,
    description: form.description,
    priceCents: parsePriceToCents(form.price) ?? 0,
    stock: Number(form.quantity),
    imageUrl,
    sku: form.sku.trim().toUpperCase(),
    categoryId: form.categoryId,
    crossReferences: crossReferences.success
      ? crossReferences.data
      : form.crossReferences.map((row) => ({ brand: row.brand, number: row.number })),
    minOrderQuantity: minimumOf(form.minOrderQuantity),
    packSize: Number(form.packSize),
    lowStockThreshold: form.lowStockThreshold === '' ? null : Number(form.lowStockThreshold),
    priceTiers: tiersOf(form.priceTiers),
    coreChargeCents: form.coreCharge === '' ? 0 : (parsePriceToCents(form.coreCharge) ?? 0),
  };
}
