import { z } from 'zod';
import { copy } from '../copy';
import { PRICE_PATTERN, parsePriceToCents } from '../money';
import { idSchema, isoDateTime, limitSchema, pageOf, pageSchema, requiredText } from './common';

const v = copy.validation;

export const MAX_PRICE_CENTS = 100_000_000; // $1,000,000 a unit
/**
 * The one range of a part's stock, 0 to MAX_STOCK, which the part form, the API's part body and every
 * path that changes stock on the server hold to: a booking takes only what is there, and stock given
 * back by a cancelled or expired order stops at MAX_STOCK (the excess is dropped), so a part can
 * always be saved as it stands.
 */
export const MAX_STOCK = 1_000_000;
export const DEFAULT_MIN_ORDER_QUANTITY = 12;

export const partSortValues = ['newest', 'price_asc', 'price_desc', 'name'] as const;
export type PartSort = (typeof partSortValues)[number];

/** The longest search text the parts list takes. */
export const MAX_SEARCH_LENGTH = 100;

export const listPartsQuerySchema = z.object({
  q: z.string().trim().max(MAX_SEARCH_LENGTH).optional(),
  sort: z.enum(partSortValues).default('newest'),
  /** `true`: only the parts that can be booked (isInStock in #shared/stock). */
  inStock: z.stringbool().default(false),
  page: pageSchema,
  limit: limitSchema(60, 12),
});
export type ListPartsQuery = z.infer<typeof listPartsQuerySchema>;

export const ratingSummarySchema = z.object({
  average: z.number(),
  count: z.number().int(),
});

export const partSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  priceCents: z.number().int(),
  stock: z.number().int(),
  minOrderQuantity: z.number().int(),
  imageUrl: z.string(),
  rating: ratingSummarySchema,
  createdAt: isoDateTime,
  updatedAt: isoDateTime,
});
export type Part = z.infer<typeof partSchema>;

export const partListSchema = pageOf(partSchema);
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

/** The API's create/update body; errors are reported under the form's field names (price, quantity). */
export const partInputSchema = z.strictObject({
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
  minOrderQuantity: z.number().int().min(1).max(MAX_STOCK).optional(),
});
export type PartInput = z.infer<typeof partInputSchema>;

/** PATCH /api/parts/:id: any of the create fields (the edit form sends them all; the photo only when changed). */
export const partUpdateSchema = partInputSchema.partial();
export type PartUpdate = z.infer<typeof partUpdateSchema>;

/** API field → form field, so a server answer lands next to the right input. */
export const partFieldNames: Record<string, string> = { priceCents: 'price', stock: 'quantity' };

/** The form's text fields, turned into the API body by `toPartInput`. */
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
    .regex(/^(0|[1-9]\d*)$/, { error: v.quantityInvalidPart, abort: true })
    .refine((text) => Number(text) <= MAX_STOCK, v.quantityInvalidPart),
  description: requiredText(v.descriptionRequired, 5000),
});
export type PartForm = z.infer<typeof partFormSchema>;

export function toPartInput(form: PartForm, imageUrl: string): PartInput {
  return {
    name: form.name,
    description: form.description,
    priceCents: parsePriceToCents(form.price) ?? 0,
    stock: Number(form.quantity),
    imageUrl,
  };
}
