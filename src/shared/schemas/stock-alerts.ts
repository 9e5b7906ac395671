import { z } from 'zod';
import { idSchema, isoDateTime } from './common';

/**
 * "Notify me" on a sold-out part (docs/shop-rules.md, "Back in stock"). POST and DELETE
 * /api/parts/:id/notify-me take no body; GET /api/me/stock-alerts answers the customer's waiting
 * requests, so the cached public part page learns from a request of its own whether they asked.
 */

/** The most parts one account may wait for at once: each is a mail to its address. */
export const MAX_STOCK_ALERTS = 50;

export const stockAlertSchema = z.object({ partId: idSchema, createdAt: isoDateTime });
export type StockAlert = z.infer<typeof stockAlertSchema>;

export const stockAlertListSchema = z.object({ items: z.array(stockAlertSchema) }).meta({
  examples: [{ items: [{ partId: '0193a1c2-7d4e-7000-8000-00000000b042', createdAt: '2026-06-15T12:00:00.000Z' }] }],
});
export type StockAlertList = z.infer<typeof stockAlertListSchema>;
