import { z } from 'zod';

/** One rate's tax on an order: its name and rate, the amount it was charged on, and the tax. */
export const orderTaxSchema = z.object({
  name: z.string(),
  ratePercent: z.number(),
  baseCents: z.number().int(),
  amountCents: z.number().int(),
});

/** Why an order carries no tax (#shared/order-totals `TaxExemption`). */
export const taxExemptionSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('exempt'), reason: z.string() }),
  z.object({ kind: z.literal('reverse_charge'), buyerVatId: z.string(), sellerVatId: z.string() }),
]);

/**
 * An order's figures in integer cents (docs/shop-rules.md, "Tax, delivery and totals"): goods and
 * delivery net of tax, tax per rate, and the total, which is exactly their sum; the expected delivery
 * day as 'YYYY-MM-DD'.
 */
export const orderTotalsSchema = z.object({
  goodsCents: z.number().int(),
  deliveryCents: z.number().int(),
  taxes: z.array(orderTaxSchema),
  totalCents: z.number().int(),
  expectedDelivery: z.string(),
  /** Present when no tax was charged for a reason the invoice prints. */
  exemption: taxExemptionSchema.optional(),
});
