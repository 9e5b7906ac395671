import { z } from 'zod';
import * as copy from '../copy';
import { idSchema, isoDateTime } from './common';

/**
 * Supersessions (docs/shop-rules.md, "Part numbers that change"): an old part number replaced by a
 * part. The old number stays findable, and every answer that resolved one says so with `resolvedFrom`.
 */

const s = copy.supersessions;

/** The longest part number taken (a SKU's limit). */
export const MAX_PART_NUMBER = 64;
/** The most of the new part one of the old may equal: more is a typing slip, not a pack. */
export const MAX_QUANTITY_FACTOR = 100;
export const MAX_SUPERSESSION_NOTE = 500;

/** A day as YYYY-MM-DD that the calendar has (no 2026-02-30). */
export function isCalendarDay(text: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return false;
  const day = new Date(`${text}T00:00:00.000Z`);
  return !Number.isNaN(day.getTime()) && day.toISOString().startsWith(text);
}

/** POST /api/parts/:id/supersessions: the number this part replaces, how many of it one of the old equals, since when. */
export const supersessionInputSchema = z
  .strictObject({
    fromNumber: z
      .string({ error: s.numberRequired })
      .trim()
      .min(1, { error: s.numberRequired, abort: true })
      .max(MAX_PART_NUMBER, { error: s.numberTooLong(MAX_PART_NUMBER), abort: true })
      .toUpperCase()
      .refine((number) => /[A-Z0-9]/.test(number), s.numberInvalid),
    quantityFactor: z
      .number({ error: s.factorInvalid(MAX_QUANTITY_FACTOR) })
      .int({ error: s.factorInvalid(MAX_QUANTITY_FACTOR) })
      .min(1, s.factorInvalid(MAX_QUANTITY_FACTOR))
      .max(MAX_QUANTITY_FACTOR, s.factorInvalid(MAX_QUANTITY_FACTOR))
      .default(1),
    /** The day the new number took over; today (the shop's clock, UTC) when left out. */
    since: z.string({ error: s.sinceInvalid }).trim().refine(isCalendarDay, s.sinceInvalid).optional(),
    note: z
      .string({ error: s.noteTooLong(MAX_SUPERSESSION_NOTE) })
      .trim()
      .max(MAX_SUPERSESSION_NOTE, s.noteTooLong(MAX_SUPERSESSION_NOTE))
      .default(''),
  })
  .meta({
    examples: [{ fromNumber: 'GH-BRK-1042', quantityFactor: 2, since: '2026-03-01', note: 'Sold in pairs from March' }],
  });
export type SupersessionInput = z.input<typeof supersessionInputSchema>;
export type SupersessionFields = z.output<typeof supersessionInputSchema>;

export const supersessionParamsSchema = z.object({ id: idSchema, fromNumber: z.string().min(1).max(MAX_PART_NUMBER) });

export const supersessionSchema = z.object({
  fromNumber: z.string(),
  quantityFactor: z.number().int(),
  since: z.string(),
  note: z.string(),
  createdAt: isoDateTime,
});
export type Supersession = z.infer<typeof supersessionSchema>;

/**
 * How a number was resolved: the number as typed, every number from it to the SKU of the part that
 * replaces it today, and how many of that part one of the typed number equals (the factors multiplied).
 */
export const resolvedFromSchema = z
  .object({
    number: z.string(),
    chain: z.array(z.string()),
    quantityFactor: z.number().int(),
  })
  .meta({ examples: [{ number: 'GH-A', chain: ['GH-A', 'GH-B', 'GH-C'], quantityFactor: 2 }] });
export type ResolvedFrom = z.infer<typeof resolvedFromSchema>;

/** "GH-A is replaced by GH-C", with the factor when one of the old equals several of the new. */
export function replacedMessageOf({ number, chain, quantityFactor }: ResolvedFrom): string {
  const sku = chain[chain.length - 1] ?? number;
  return quantityFactor === 1 ? s.replacedBy(number, sku) : s.replacedByTimes(number, sku, quantityFactor);
}

/**
 * The part sold today in place of one no longer sold, named in GET /api/parts/:id's 404 as
 * `replacedBy`: `number` is the replaced number it is sold under now.
 */
export const partReplacementSchema = z.object({ id: z.string(), sku: z.string(), name: z.string(), number: z.string() });
export type PartReplacement = z.infer<typeof partReplacementSchema>;

/** GET /api/parts/:id/supersessions: the numbers this part replaces, and the part replacing its own, if any. */
export const supersessionListSchema = z
  .object({
    items: z.array(supersessionSchema),
    replacedBy: z
      .object({
        partId: z.string(),
        sku: z.string(),
        name: z.string(),
        resolvedFrom: resolvedFromSchema,
      })
      .nullable(),
  })
  .meta({
    examples: [
      {
        items: [
          {
            fromNumber: 'GH-BRK-1042',
            quantityFactor: 2,
            since: '2026-03-01',
            note: 'Sold in pairs from March',
            createdAt: '2026-03-01T09:00:00.000Z',
          },
        ],
        replacedBy: null,
      },
    ],
  });
export type SupersessionList = z.infer<typeof supersessionListSchema>;
