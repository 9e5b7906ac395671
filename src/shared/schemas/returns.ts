import { z } from 'zod';
import * as copy from '../copy';
import { idSchema, isoDateTime, limitSchema, pageOf, pageSchema } from './common';

/**
 * Returns (docs/shop-rules.md, "Returns"; PRODUCT's section 16): a customer or a company admin asks to
 * send lines of a delivered order back; a shop admin approves or refuses, receives and credits it.
 */
const r = copy.returns;

export const returnStatusValues = ['requested', 'approved', 'refused', 'received', 'credited'] as const;
export type ReturnStatus = (typeof returnStatusValues)[number];
export const returnReasonValues = ['wrong_part', 'damaged', 'not_needed', 'warranty', 'core'] as const;
export type ReturnReason = (typeof returnReasonValues)[number];
export const returnConditionValues = ['resalable', 'damaged'] as const;
export type ReturnCondition = (typeof returnConditionValues)[number];

export const MAX_RETURN_PHOTOS = 3;
export const MAX_RETURN_LINES = 200;
export const MAX_RETURN_NOTE = 2000;

/**
 * An order line's id, as orders answer it (`lines[].id`) and returns name it (`orderLineId`): the
 * order's id and the line's position, `<orderId>:<position>` (decision 0046).
 */
export function orderLineIdOf(orderId: string, position: number): string {
  return `${orderId}:${position}`;
}

/** The order and position an order line's id names, or undefined when it is not one. */
export function parseOrderLineId(id: string): { orderId: string; position: number } | undefined {
  const match = /^(.+):(\d{1,4})$/.exec(id);
  return match ? { orderId: match[1]!, position: Number(match[2]) } : undefined;
}

const orderLineIdSchema = z.string({ error: r.lineUnknown }).min(1, r.lineUnknown).max(80, r.lineUnknown);
const EXAMPLE_ORDER = '0193a1c2-7d4e-7000-8000-00000000a001';
const EXAMPLE_RETURN = '0193a1c2-7d4e-7000-8000-00000000f001';

export const createReturnInputSchema = z
  .strictObject({
    orderId: idSchema,
    lines: z
      .array(
        z.strictObject({
          orderLineId: orderLineIdSchema,
          quantity: z
            .number({ error: r.quantityInvalid })
            .int(r.quantityInvalid)
            .min(1, r.quantityInvalid)
            .max(100_000, r.quantityInvalid),
          reason: z.enum(returnReasonValues, { error: r.reasonInvalid }),
        }),
        { error: r.linesRequired },
      )
      .min(1, r.linesRequired)
      .max(MAX_RETURN_LINES, r.tooManyLines(MAX_RETURN_LINES)),
    note: z.string().trim().max(MAX_RETURN_NOTE, r.noteTooLong(MAX_RETURN_NOTE)).default(''),
    photos: z
      .array(z.string().max(500, r.photoNotUploaded))
      .max(MAX_RETURN_PHOTOS, r.tooManyPhotos(MAX_RETURN_PHOTOS))
      .default([]),
  })
  .meta({
    examples: [
      {
        orderId: EXAMPLE_ORDER,
        lines: [{ orderLineId: `${EXAMPLE_ORDER}:0`, quantity: 2, reason: 'wrong_part' }],
        note: 'Ordered front pads, need rear ones.',
        photos: ['/uploads/0f1e2d3c4b5a69788796a5b4c3d2e1f0.webp'],
      },
    ],
  });
export type CreateReturnInput = z.infer<typeof createReturnInputSchema>;

export const createdReturnSchema = z
  .object({ id: z.string(), number: z.string(), status: z.literal('requested') })
  .meta({ examples: [{ id: EXAMPLE_RETURN, number: 'RMA-2026-000045', status: 'requested' }] });

export const approveReturnInputSchema = z
  .strictObject({ note: z.string().trim().max(MAX_RETURN_NOTE, r.noteTooLong(MAX_RETURN_NOTE)).optional() })
  .meta({ examples: [{ note: 'Send with the original box.' }] });
export type ApproveReturnInput = z.infer<typeof approveReturnInputSchema>;

export const refuseReturnInputSchema = z
  .strictObject({
    reason: z
      .string({ error: r.refusalReasonRequired })
      .trim()
      .min(1, r.refusalReasonRequired)
      .max(MAX_RETURN_NOTE, r.noteTooLong(MAX_RETURN_NOTE)),
  })
  .meta({ examples: [{ reason: 'The pads were fitted and used.' }] });
export type RefuseReturnInput = z.infer<typeof refuseReturnInputSchema>;

export const receiveReturnInputSchema = z
  .strictObject({
    lines: z
      .array(
        z.strictObject({
          orderLineId: orderLineIdSchema,
          condition: z.enum(returnConditionValues, { error: r.conditionInvalid }),
        }),
        { error: r.conditionMissing },
      )
      .min(1, r.conditionMissing)
      .max(MAX_RETURN_LINES, r.tooManyLines(MAX_RETURN_LINES)),
  })
  .meta({ examples: [{ lines: [{ orderLineId: `${EXAMPLE_ORDER}:0`, condition: 'resalable' }] }] });
export type ReceiveReturnInput = z.infer<typeof receiveReturnInputSchema>;

export const returnIdParamsSchema = z.object({ id: idSchema });

export const returnListQuerySchema = z.object({
  page: pageSchema,
  limit: limitSchema(100, 20),
  status: z.enum(returnStatusValues).optional(),
  /** One order's returns (My Orders, and the form that tells what is left to return). */
  orderId: idSchema.optional(),
});
export type ReturnListQuery = z.infer<typeof returnListQuerySchema>;

export const returnLineSchema = z.object({
  orderLineId: z.string(),
  partId: z.string(),
  sku: z.string(),
  partName: z.string(),
  quantity: z.number().int(),
  unitPriceCents: z.number().int(),
  reason: z.enum(returnReasonValues),
  condition: z.enum(returnConditionValues).nullable(),
});

const exampleReturn = {
  id: EXAMPLE_RETURN,
  number: 'RMA-2026-000045',
  orderId: EXAMPLE_ORDER,
  orderNumber: '0193A1C2-7D4E-7000',
  status: 'credited',
  note: 'Ordered front pads, need rear ones.',
  photos: [],
  refusalReason: null,
  adminNotes: 'Send with the original box.',
  lines: [
    {
      orderLineId: `${EXAMPLE_ORDER}:0`,
      partId: '0193a1c2-7d4e-7000-8000-00000000b042',
      sku: 'GH-BRK-1042',
      partName: 'Brake pads, front',
      quantity: 2,
      unitPriceCents: 4890,
      reason: 'wrong_part',
      condition: 'resalable',
    },
  ],
  requestedAt: '2026-06-15T12:00:00.000Z',
  approvedAt: '2026-06-15T14:00:00.000Z',
  refusedAt: null,
  receivedAt: '2026-06-18T09:00:00.000Z',
  creditedAt: '2026-06-18T10:00:00.000Z',
  creditNoteNumber: 'CN-2026-000012',
  refundCents: 11638,
  refundMethod: 'card',
  refundedAt: '2026-06-18T10:00:01.000Z',
};

export const returnSchema = z
  .object({
    id: z.string(),
    number: z.string(),
    orderId: z.string(),
    orderNumber: z.string(),
    status: z.enum(returnStatusValues),
    note: z.string(),
    photos: z.array(z.string()),
    refusalReason: z.string().nullable(),
    adminNotes: z.string().nullable(),
    lines: z.array(returnLineSchema),
    requestedAt: isoDateTime,
    approvedAt: isoDateTime.nullable(),
    refusedAt: isoDateTime.nullable(),
    receivedAt: isoDateTime.nullable(),
    creditedAt: isoDateTime.nullable(),
    creditNoteNumber: z.string().nullable(),
    /** What the credit gave back (goods, tax, and delivery when owed); null until credited. */
    refundCents: z.number().int().nullable(),
    /** Where the credit went: back to the card, or off the company's account; null until credited. */
    refundMethod: z.enum(['card', 'account']).nullable(),
    /** When the card's refund was made; null until then (and for a credit on account). */
    refundedAt: isoDateTime.nullable(),
  })
  .meta({ examples: [exampleReturn] });
export type Return = z.infer<typeof returnSchema>;

export const returnListSchema = pageOf(returnSchema).meta({
  examples: [{ items: [exampleReturn], total: 1, page: 1, limit: 20 }],
});
export type ReturnList = z.infer<typeof returnListSchema>;
