import { z } from 'zod';
import * as copy from '../copy';
import { idSchema } from './common';
import { MAX_ORDER_LINES, orderQuantitySchema } from './orders';
import { addressSchema } from './address';
import { orderTotalsSchema } from './totals';
import { resolvedFromSchema } from './supersessions';
import { EXAMPLE_ADDRESS, EXAMPLE_IMAGE_URL, EXAMPLE_PART_ID, EXAMPLE_RESOLVED_FROM } from './examples';

/**
 * The cart (docs/shop-rules.md, "Cart"): a signed-in customer's is kept on the server, a visitor's in
 * the browser until sign-in, when it joins the account's. Every price in it is today's, computed by the
 * server from the parts' tiers (#shared/pricing); the order placed from it is priced again.
 */

/** The most lines a cart holds: what one order may have. */
export const MAX_CART_LINES = MAX_ORDER_LINES;
/** The most lines one quick order (pasted text or CSV) may have. */
export const MAX_IMPORT_LINES = 500;
/** The longest quick-order text the server reads (500 lines of a long SKU and quantity, with room to spare). */
export const MAX_IMPORT_CHARS = 100_000;

export const cartLineSchema = z.object({
  partId: z.string(),
  sku: z.string(),
  name: z.string(),
  imageUrl: z.string(),
  quantity: z.number().int(),
  /** Today's unit price for this quantity (its tier, or the part's own price). */
  unitPriceCents: z.number().int(),
  lineTotalCents: z.number().int(),
  /** The part's own price, what "You save" is measured against. */
  basePriceCents: z.number().int(),
  /** (base price − unit price) × quantity; 0 below the first tier. */
  savingsCents: z.number().int(),
  /** The tier the quantity reached, if any. */
  tier: z.object({ minQuantity: z.number().int(), unitPriceCents: z.number().int() }).nullable(),
  /**
   * The flash deal that took its percentage off the unit price, and when it ends (the cart is priced
   * again then); null (or absent) when the line is not priced by a deal.
   */
  deal: z.object({ percent: z.number().int(), endsAt: z.string() }).nullable().optional(),
  minOrderQuantity: z.number().int(),
  packSize: z.number().int(),
  stock: z.number().int(),
  /** The part's refundable core deposit per unit, charged on the order as a line of its own; absent: none. */
  coreChargeCents: z.number().int().optional(),
  /** Why the line cannot be ordered as it stands: the part is no longer sold, or its quantity breaks a rule. */
  problem: z.string().optional(),
  /** Set when the unit price is not what it was when the line was added: that earlier price. */
  priceWasCents: z.number().int().optional(),
  /**
   * For a member of an active company whose price is lower: the unit price everyone else pays (tier and
   * deal), shown struck beside `unitPriceCents`, which is then "Your price".
   */
  listUnitPriceCents: z.number().int().optional(),
  /** The line was added by a replaced number (quick order, a saved list, Order again): how it was resolved. */
  resolvedFrom: resolvedFromSchema.optional(),
  /**
   * The line's part is no longer sold because its number was replaced: the part sold today in its
   * place, which replacing the line (POST /api/cart/lines/:partId/replace) puts in the cart.
   */
  replacedBy: z.object({ partId: z.string(), sku: z.string(), name: z.string(), resolvedFrom: resolvedFromSchema }).optional(),
});
export type CartLine = z.infer<typeof cartLineSchema>;

const exampleCart = {
  lines: [
    {
      partId: EXAMPLE_PART_ID,
      sku: 'GH-BRK-0042',
      name: 'Front brake pads, ceramic',
      imageUrl: EXAMPLE_IMAGE_URL,
      quantity: 4,
      unitPriceCents: 4390,
      lineTotalCents: 17560,
      basePriceCents: 4890,
      savingsCents: 2000,
      tier: { minQuantity: 4, unitPriceCents: 4390 },
      deal: null,
      minOrderQuantity: 1,
      packSize: 2,
      stock: 120,
    },
  ],
  subtotalCents: 17560,
  savingsCents: 2000,
};

export const cartSchema = z
  .object({
    /** In the order they were added. */
    lines: z.array(cartLineSchema),
    /** The lines that can be ordered, at today's prices. */
    subtotalCents: z.number().int(),
    savingsCents: z.number().int(),
  })
  .meta({ examples: [exampleCart] });
export type Cart = z.infer<typeof cartSchema>;

export const cartPartParamsSchema = z.object({ partId: idSchema });

/** PUT /api/cart/lines/:partId: the line's new quantity, which must obey the part's rules. */
export const cartLineInputSchema = z.strictObject({ quantity: orderQuantitySchema }).meta({ examples: [{ quantity: 4 }] });
export type CartLineInput = z.infer<typeof cartLineInputSchema>;

const cartLinesSchema = z
  .array(z.strictObject({ partId: idSchema, quantity: orderQuantitySchema }), { error: copy.cart.linesInvalid })
  .max(MAX_CART_LINES, copy.cart.tooManyLines(MAX_CART_LINES));

/**
 * POST /api/cart/merge (at sign-in: the visitor's cart joins the account's, quantities added) and
 * POST /api/cart/quote (a visitor's cart priced, nothing stored).
 */
export const cartLinesInputSchema = z.strictObject({ lines: cartLinesSchema });
export type CartLinesInput = z.infer<typeof cartLinesInputSchema>;

/**
 * POST /api/cart/quote: lines (a visitor's cart; absent, the signed-in customer's own cart) priced for a
 * delivery address (absent: the seller's own country and region, an estimate until the buyer says).
 */
export const cartQuoteInputSchema = z
  .strictObject({
    lines: cartLinesSchema.optional(),
    deliveryAddress: addressSchema.optional(),
  })
  .meta({ examples: [{ lines: [{ partId: EXAMPLE_PART_ID, quantity: 4 }], deliveryAddress: EXAMPLE_ADDRESS }] });
export type CartQuoteInput = z.infer<typeof cartQuoteInputSchema>;

/** The cart priced as an order of it would be: its lines, and goods, delivery, tax and total of the orderable ones. */
export const cartQuoteSchema = cartSchema.extend(orderTotalsSchema.shape).meta({
  examples: [
    {
      ...exampleCart,
      goodsCents: 17560,
      deliveryCents: 0,
      taxes: [{ name: 'Sales tax', ratePercent: 6, baseCents: 17560, amountCents: 1054 }],
      totalCents: 18614,
      expectedDelivery: '2026-12-04',
    },
  ],
});
export type CartQuote = z.infer<typeof cartQuoteSchema>;

/**
 * How quick-order text is read: pasted lines "SKU quantity" (or spreadsheet cells pasted with their
 * header row), or a CSV file, which must have a header row naming its part-number and quantity columns
 * (#shared/quick-order).
 */
export const importFormatValues = ['lines', 'csv'] as const;
export type ImportFormat = (typeof importFormatValues)[number];

/** POST /api/cart/import. */
export const cartImportInputSchema = z
  .strictObject({
    text: z.string({ error: copy.quickOrder.textRequired }).max(MAX_IMPORT_CHARS, copy.quickOrder.textTooLong),
    format: z.enum(importFormatValues).default('lines'),
  })
  .meta({ examples: [{ text: 'GH-BRK-1042 4\nGH-FLT-0107 10\nGH-XYZ-0001 2', format: 'lines' }] });
export type CartImportInput = z.infer<typeof cartImportInputSchema>;

export const cartImportResultSchema = z
  .object({
    /** The lines that went to the cart; `merged` when the text named the part on several lines. */
    added: z.array(
      z.object({
        sku: z.string(),
        quantity: z.number().int(),
        merged: z.number().int().optional(),
        /** The line named a replaced number: the part it resolved to, its quantity multiplied by the factor. */
        resolvedFrom: resolvedFromSchema.optional(),
        /** "GH-BRK-1042 is replaced by GH-BRK-2042", when resolvedFrom is there. */
        message: z.string().optional(),
      }),
    ),
    /** The lines that did not, with the text's line number (from 1), the line as written, and why. */
    rejected: z.array(z.object({ line: z.number().int(), text: z.string(), sku: z.string(), message: z.string() })),
    cart: cartSchema,
  })
  .meta({
    examples: [
      {
        added: [
          {
            sku: 'GH-BRK-2042',
            quantity: 4,
            resolvedFrom: EXAMPLE_RESOLVED_FROM,
            message: 'GH-BRK-1042 is replaced by GH-BRK-2042',
          },
          { sku: 'GH-FLT-0107', quantity: 10 },
        ],
        rejected: [{ line: 3, text: 'GH-XYZ-0001 2', sku: 'GH-XYZ-0001', message: 'Unknown part number' }],
        cart: exampleCart,
      },
    ],
  });
export type CartImportResult = z.infer<typeof cartImportResultSchema>;

/** POST /api/orders/:id/reorder: the cart with the order's lines added, and the parts no longer sold. */
export const reorderResultSchema = cartSchema
  .extend({
    unavailable: z.array(z.string()),
    /** Lines whose part was replaced: the part added in its place, with the quantity multiplied and why. */
    replaced: z
      .array(z.object({ sku: z.string(), quantity: z.number().int(), resolvedFrom: resolvedFromSchema, message: z.string() }))
      .optional(),
  })
  .meta({
    examples: [
      {
        ...exampleCart,
        unavailable: ['Wiper blade set, 600/400 mm'],
        replaced: [
          {
            sku: 'GH-BRK-2042',
            quantity: 4,
            resolvedFrom: EXAMPLE_RESOLVED_FROM,
            message: 'GH-BRK-1042 is replaced by GH-BRK-2042',
          },
        ],
      },
    ],
  });
export type ReorderResult = z.infer<typeof reorderResultSchema>;
