import { z } from 'zod';
import * as copy from '../copy';
import { MAX_STOCK } from './part-limits';
import { MAX_PART_NUMBER, resolvedFromSchema } from './supersessions';

/**
 * Price and availability (docs/shop-rules.md, "API keys"; docs/connect.md): a buyer's system asks about
 * part numbers and quantities and learns, per line, the part sold today under the number, the buyer's
 * unit price at that quantity, what can be promised from stock, and the expected delivery day.
 */

const a = copy.availability;

/** The most lines one request asks about: a quick order's worth. */
export const MAX_AVAILABILITY_LINES = 500;

const quantityMessage = a.quantityInvalid(MAX_STOCK);

export const availabilityLineInputSchema = z.strictObject({
  sku: z
    .string({ error: a.skuRequired })
    .trim()
    .min(1, { error: a.skuRequired, abort: true })
    .max(MAX_PART_NUMBER, a.skuTooLong(MAX_PART_NUMBER)),
  quantity: z.number({ error: quantityMessage }).int(quantityMessage).min(1, quantityMessage).max(MAX_STOCK, quantityMessage),
});

/** POST /api/availability. */
export const availabilityInputSchema = z
  .strictObject({
    lines: z
      .array(availabilityLineInputSchema, { error: a.linesRequired })
      .min(1, a.linesRequired)
      .max(MAX_AVAILABILITY_LINES, a.tooManyLines(MAX_AVAILABILITY_LINES)),
  })
  .meta({
    examples: [
      {
        lines: [
          { sku: 'GH-BRK-1042', quantity: 12 },
          { sku: 'GH-FLT-0042', quantity: 48 },
          { sku: 'GH-XYZ', quantity: 1 },
        ],
      },
    ],
  });
export type AvailabilityInput = z.infer<typeof availabilityInputSchema>;

/** A line whose number leads to a part sold today. */
export const availableLineSchema = z.object({
  /** The number as asked (trimmed). */
  sku: z.string(),
  found: z.literal(true),
  partId: z.string(),
  /** The SKU of the part sold today: `sku` itself, or the part replacing it. */
  currentSku: z.string(),
  name: z.string(),
  /** Set when `sku` is a replaced number: how it was followed to `currentSku`. */
  resolvedFrom: resolvedFromSchema.optional(),
  /** "GH-A is replaced by GH-C", with `resolvedFrom`. */
  message: z.string().optional(),
  /** Of the current part: the quantity asked times `resolvedFrom.quantityFactor`. */
  quantity: z.number().int(),
  /** The buyer's unit price at that quantity, net of tax, as the cart prices it (tier, deal, company price). */
  unitPriceCents: z.number().int(),
  /** ISO 4217: the shop's currency. */
  currency: z.string(),
  minOrderQuantity: z.number().int(),
  /** Units in stock, as the part's own page shows them. */
  stock: z.number().int(),
  /** The units of `quantity` that stock covers now: min(quantity, stock). */
  promisable: z.number().int(),
  /** 'YYYY-MM-DD': an order placed now, to the buyer's company's country (else the seller's). */
  expectedDelivery: z.string(),
  /** The refundable deposit per unit on the old unit, charged on a line of its own; absent: none. */
  coreDepositCents: z.number().int().optional(),
});

/** A line whose number leads to no part sold today (unknown, or no longer sold and not replaced). */
export const unavailableLineSchema = z.object({
  sku: z.string(),
  found: z.literal(false),
  message: z.string(),
});

export const availabilityLineSchema = z.discriminatedUnion('found', [availableLineSchema, unavailableLineSchema]);
export type AvailabilityLine = z.infer<typeof availabilityLineSchema>;

export const availabilitySchema = z
  .object({
    /** One a line asked, in the order asked. */
    lines: z.array(availabilityLineSchema),
  })
  .meta({
    examples: [
      {
        lines: [
          {
            sku: 'GH-BRK-1042',
            found: true,
            partId: '0195f3c2a1b07c3d9e8f0a1b2c3d4e5f',
            currentSku: 'GH-BRK-2042',
            name: 'Front brake pads',
            resolvedFrom: { number: 'GH-BRK-1042', chain: ['GH-BRK-1042', 'GH-BRK-2042'], quantityFactor: 2 },
            message: 'GH-BRK-1042 is replaced by GH-BRK-2042 (1 = 2)',
            quantity: 24,
            unitPriceCents: 4050,
            currency: 'USD',
            minOrderQuantity: 12,
            stock: 180,
            promisable: 24,
            expectedDelivery: '2026-12-10',
          },
          {
            sku: 'GH-FLT-0042',
            found: true,
            partId: '0195f3c2a1b07c3d9e8f0a1b2c3d4e60',
            currentSku: 'GH-FLT-0042',
            name: 'Alternator, remanufactured',
            quantity: 48,
            unitPriceCents: 18900,
            currency: 'USD',
            minOrderQuantity: 1,
            stock: 30,
            promisable: 30,
            expectedDelivery: '2026-12-10',
            coreDepositCents: 4500,
          },
          { sku: 'GH-XYZ', found: false, message: 'No part GH-XYZ.' },
        ],
      },
    ],
  });
export type Availability = z.infer<typeof availabilitySchema>;
