import { z } from 'zod';
import * as copy from '../copy';
import { idSchema, isoDateTime } from './common';
import { orderQuantitySchema } from './orders';
import { resolvedFromSchema } from './supersessions';
import { EXAMPLE_IMAGE_URL, EXAMPLE_PART_ID, EXAMPLE_RESOLVED_FROM, EXAMPLE_USER_ID } from './examples';

/**
 * Saved lists (docs/shop-rules.md, "Trade accounts"): a company's named lists of parts and quantities,
 * shared by its members. The server keeps each line by its part and answers it with the part as it is
 * today: SKU, name, picture, price and stock.
 */

const s = copy.savedLists;

export const MAX_LIST_NAME = 80;
/** The most parts one list holds. */
export const MAX_LIST_ITEMS = 200;
/** The most lists one company keeps. */
export const MAX_COMPANY_LISTS = 100;

export const listNameSchema = z
  .string({ error: s.nameRequired })
  .trim()
  .min(1, { error: s.nameRequired, abort: true })
  .max(MAX_LIST_NAME, s.nameTooLong(MAX_LIST_NAME));

/** A line as the caller writes it: the part number (any letter case) and how many. */
const listItemInputSchema = z.strictObject({
  sku: z
    .string({ error: s.itemsInvalid })
    .trim()
    .min(1, { error: s.itemsInvalid, abort: true })
    .max(64, s.itemsInvalid)
    .toUpperCase(),
  quantity: orderQuantitySchema,
});
export type ListItemInput = z.infer<typeof listItemInputSchema>;

const listItemsInputSchema = z
  .array(listItemInputSchema, { error: s.itemsInvalid })
  .max(MAX_LIST_ITEMS, s.tooManyItems(MAX_LIST_ITEMS));

/**
 * POST /api/me/lists: a name and where the parts come from — the items written out, the caller's cart
 * (`fromCart: true`) or an order the caller can see (`fromOrderId`); with none of them the list starts empty.
 */
export const createListInputSchema = z
  .strictObject({
    name: listNameSchema,
    items: listItemsInputSchema.optional(),
    fromCart: z.literal(true, { error: s.oneSource }).optional(),
    fromOrderId: idSchema.optional(),
  })
  .superRefine((body, ctx) => {
    const sources = [body.items !== undefined, body.fromCart !== undefined, body.fromOrderId !== undefined];
    if (sources.filter(Boolean).length > 1) ctx.addIssue({ code: 'custom', path: ['items'], message: s.oneSource });
  })
  .meta({
    examples: [
      {
        name: 'Weekly service stock',
        items: [
          { sku: 'GH-BRK-0042', quantity: 4 },
          { sku: 'GH-FLT-0107', quantity: 10 },
        ],
      },
    ],
  });
export type CreateListInput = z.infer<typeof createListInputSchema>;

/** PATCH /api/me/lists/:id: a new name, or the items replacing the list's, or both. */
export const updateListInputSchema = z
  .strictObject({ name: listNameSchema.optional(), items: listItemsInputSchema.optional() })
  .refine((body) => body.name !== undefined || body.items !== undefined, { message: s.nothingToChange, path: ['name'] })
  .meta({ examples: [{ name: 'Weekly service stock, winter', items: [{ sku: 'GH-BRK-0042', quantity: 6 }] }] });
export type UpdateListInput = z.infer<typeof updateListInputSchema>;

export const listIdParamsSchema = z.object({ id: idSchema });

const createdBySchema = z.object({ id: z.string(), name: z.string() }).nullable();

const exampleListSummary = {
  id: '0193a1c2-7d4e-7000-8000-0000000051a1',
  name: 'Weekly service stock',
  itemCount: 2,
  updatedAt: '2026-12-02T08:40:00.000Z',
  createdBy: { id: EXAMPLE_USER_ID, name: 'Dana Whitfield' },
};

/** A list in the company's overview. */
export const listSummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  itemCount: z.number().int(),
  updatedAt: isoDateTime,
  /** The member who made it; null once their account is gone. */
  createdBy: createdBySchema,
});
export type ListSummary = z.infer<typeof listSummarySchema>;

export const listSummariesSchema = z
  .object({ items: z.array(listSummarySchema) })
  .meta({ examples: [{ items: [exampleListSummary] }] });
export type ListSummaries = z.infer<typeof listSummariesSchema>;

export const listItemSchema = z.object({
  partId: z.string(),
  sku: z.string(),
  partName: z.string(),
  imageUrl: z.string().nullable(),
  quantity: z.number().int(),
  /** Today's unit price for the line's quantity. */
  unitPriceCents: z.number().int(),
  /** Units in stock now; 0 for a part no longer sold. */
  available: z.number().int(),
  /** The part is archived: it stays on the list, but cannot go to a cart. */
  noLongerSold: z.boolean(),
  minOrderQuantity: z.number().int(),
  packSize: z.number().int(),
  /** An archived part whose number was replaced: the part that goes to the cart in its place, and how it was resolved. */
  replacedBy: z.object({ partId: z.string(), sku: z.string(), resolvedFrom: resolvedFromSchema }).optional(),
});
export type ListItem = z.infer<typeof listItemSchema>;

export const savedListSchema = listSummarySchema.extend({ createdAt: isoDateTime, items: z.array(listItemSchema) }).meta({
  examples: [
    {
      ...exampleListSummary,
      createdAt: '2026-11-20T14:05:00.000Z',
      items: [
        {
          partId: EXAMPLE_PART_ID,
          sku: 'GH-BRK-0042',
          partName: 'Front brake pads, ceramic',
          imageUrl: EXAMPLE_IMAGE_URL,
          quantity: 4,
          unitPriceCents: 4390,
          available: 120,
          noLongerSold: false,
          minOrderQuantity: 1,
          packSize: 2,
        },
        {
          partId: '0193a1c2-7d4e-7000-8000-00000000b1a4',
          sku: 'GH-BRK-1042',
          partName: 'Rear brake pads, semi-metallic',
          imageUrl: null,
          quantity: 10,
          unitPriceCents: 2950,
          available: 0,
          noLongerSold: true,
          minOrderQuantity: 1,
          packSize: 1,
          replacedBy: { partId: '0193a1c2-7d4e-7000-8000-00000000b2a4', sku: 'GH-BRK-2042', resolvedFrom: EXAMPLE_RESOLVED_FROM },
        },
      ],
    },
  ],
});
export type SavedList = z.infer<typeof savedListSchema>;

/** POST /api/me/lists/:id/to-cart: what went to the cart, and the lines the cart's rules refused, with why. */
export const listToCartResultSchema = z
  .object({
    /** `resolvedFrom` and its message when a listed part's number was replaced and the part replacing it went in. */
    added: z.array(
      z.object({
        sku: z.string(),
        quantity: z.number().int(),
        resolvedFrom: resolvedFromSchema.optional(),
        message: z.string().optional(),
      }),
    ),
    skipped: z.array(z.object({ sku: z.string(), message: z.string() })),
  })
  .meta({
    examples: [
      {
        added: [
          { sku: 'GH-BRK-0042', quantity: 4 },
          {
            sku: 'GH-BRK-2042',
            quantity: 10,
            resolvedFrom: EXAMPLE_RESOLVED_FROM,
            message: 'GH-BRK-1042 is replaced by GH-BRK-2042',
          },
        ],
        skipped: [{ sku: 'GH-FLT-0107', message: "You can't booking more then Available quantity. Only 6 left." }],
      },
    ],
  });
export type ListToCartResult = z.infer<typeof listToCartResultSchema>;
