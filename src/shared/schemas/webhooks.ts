import { z } from 'zod';
import * as copy from '#shared/copy';
import { idSchema, isoDateTime } from './common';

/**
 * Webhooks (docs/connect.md, "Webhooks"): a company admin's webhooks hear about their company's orders,
 * invoices and returns; a shop admin's about every one, and about stock. Each delivery is a signed POST
 * of one event, sent from the outbox and retried (docs/decisions/0049-webhooks-from-the-outbox.md).
 */
export const webhookEventTypeValues = [
  'order.created',
  'order.status_changed',
  'invoice.issued',
  'return.updated',
  'part.stock_changed',
] as const;
export const webhookEventTypeSchema = z.enum(webhookEventTypeValues);
export type WebhookEventType = z.infer<typeof webhookEventTypeSchema>;
/** The events only the shop's own webhooks may ask for. */
export const shopOnlyWebhookEvents: readonly WebhookEventType[] = ['part.stock_changed'];

export const MAX_WEBHOOK_URL = 2000;
/** How many live webhooks one company (or the shop) may have. */
export const MAX_WEBHOOKS = 10;
/** What every signing secret starts with. */
export const WEBHOOK_SECRET_PREFIX = 'whsec_';
/** The signature header of every delivery: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">`. */
export const WEBHOOK_SIGNATURE_HEADER = 'Gearhouse-Signature';
/** How old a delivery's `t` a receiver should still accept. */
export const WEBHOOK_TOLERANCE_SECONDS = 5 * 60;

/**
 * The address's shape, which the browser can check too: a full http(s) address without a user name or
 * password. Whether it must be https and may not be private depends on where the shop runs: the
 * server checks that, when the webhook is saved and again at each delivery.
 */
export const webhookUrlSchema = z
  .string({ error: copy.webhooks.urlRequired })
  .trim()
  .min(1, { error: copy.webhooks.urlRequired, abort: true })
  .max(MAX_WEBHOOK_URL, { error: copy.webhooks.urlTooLong(MAX_WEBHOOK_URL), abort: true })
  .superRefine((value, ctx) => {
    let url: URL;
    try {
      url = new URL(value);
    } catch {
      ctx.addIssue({ code: 'custom', message: copy.webhooks.urlInvalid });
      return;
    }
    if (url.protocol !== 'https:' && url.protocol !== 'http:')
      ctx.addIssue({ code: 'custom', message: copy.webhooks.urlInvalid });
    else if (url.username || url.password) ctx.addIssue({ code: 'custom', message: copy.webhooks.urlHasCredentials });
  });

export const createWebhookInputSchema = z.object({
  url: webhookUrlSchema,
  events: z
    .array(z.enum(webhookEventTypeValues, { error: copy.webhooks.unknownEvent }), { error: copy.webhooks.eventsRequired })
    .min(1, copy.webhooks.eventsRequired)
    .max(webhookEventTypeValues.length, copy.webhooks.duplicateEvent)
    .refine((events) => new Set(events).size === events.length, copy.webhooks.duplicateEvent),
});
export type CreateWebhookInput = z.infer<typeof createWebhookInputSchema>;

export const webhookIdParamsSchema = z.object({ id: idSchema });
export const webhookDeliveryParamsSchema = z.object({ id: idSchema, deliveryId: idSchema });

export const webhookSchema = z.object({
  id: idSchema,
  url: z.string(),
  events: z.array(webhookEventTypeSchema),
  createdAt: isoDateTime,
});
export type Webhook = z.infer<typeof webhookSchema>;

const webhookExample = {
  id: '0193a1c2-7d4e-7000-8000-00000000d001',
  url: 'https://erp.example.com/gearhouse/events',
  events: ['order.created', 'order.status_changed'],
  createdAt: '2026-12-01T09:30:00.000Z',
};

export const webhookListSchema = z.object({ items: z.array(webhookSchema) }).meta({ examples: [{ items: [webhookExample] }] });
export type WebhookList = z.infer<typeof webhookListSchema>;

/** The answer to adding a webhook: the only time its signing secret is shown. */
export const createdWebhookSchema = webhookSchema.extend({ secret: z.string() }).meta({
  examples: [{ ...webhookExample, secret: 'whsec_8Jc2Vq0LxT5mR7pZ1bW9sYd4Hn6Fk3Ge' }],
});
export type CreatedWebhook = z.infer<typeof createdWebhookSchema>;

export const webhookDeliveryStatusValues = ['pending', 'delivered', 'failed'] as const;
export const webhookDeliveryStatusSchema = z.enum(webhookDeliveryStatusValues);
export type WebhookDeliveryStatus = z.infer<typeof webhookDeliveryStatusSchema>;

/**
 * One event sent (or still to send) to one webhook. `pending` until the receiver answers 2xx
 * (`delivered`) or the retries end 24 hours after the event (`failed`). A re-send is a new delivery
 * of the same event, with the same event id, so that a receiver can tell it has seen it.
 */
export const webhookDeliverySchema = z.object({
  id: idSchema,
  eventId: idSchema,
  eventType: webhookEventTypeSchema,
  status: webhookDeliveryStatusSchema,
  attempts: z.number().int(),
  /** The receiver's HTTP status at the last attempt; null when it did not answer (timeout, refused). */
  responseStatus: z.number().int().nullable(),
  /** How long the last attempt took, in milliseconds. */
  durationMs: z.number().int().nullable(),
  /** Why the last attempt failed, in a sentence; null when it did not. */
  lastError: z.string().nullable(),
  createdAt: isoDateTime,
  lastAttemptAt: isoDateTime.nullable(),
  nextAttemptAt: isoDateTime.nullable(),
  deliveredAt: isoDateTime.nullable(),
});
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;

const deliveryExample = {
  id: '0193a1c2-7d4e-7000-8000-00000000e001',
  eventId: '0193a1c2-7d4e-7000-8000-00000000f001',
  eventType: 'order.created',
  status: 'delivered',
  attempts: 1,
  responseStatus: 200,
  durationMs: 84,
  lastError: null,
  createdAt: '2026-12-06T14:02:11.000Z',
  lastAttemptAt: '2026-12-06T14:02:11.000Z',
  nextAttemptAt: null,
  deliveredAt: '2026-12-06T14:02:11.000Z',
};

/** A webhook's deliveries, newest first (the latest 100). */
export const webhookDeliveryListSchema = z
  .object({ items: z.array(webhookDeliverySchema) })
  .meta({ examples: [{ items: [deliveryExample] }] });
export type WebhookDeliveryList = z.infer<typeof webhookDeliveryListSchema>;

export const resentWebhookDeliverySchema = webhookDeliverySchema.meta({
  examples: [
    {
      ...deliveryExample,
      status: 'pending',
      attempts: 0,
      responseStatus: null,
      durationMs: null,
      lastAttemptAt: null,
      nextAttemptAt: '2026-12-06T14:05:00.000Z',
      deliveredAt: null,
    },
  ],
});

/** What each delivery's body is: one event. `data` depends on `type` (docs/connect.md lists each). */
export const webhookEventSchema = z.object({
  id: idSchema,
  type: webhookEventTypeSchema,
  createdAt: isoDateTime,
  data: z.record(z.string(), z.unknown()),
});
export type WebhookEvent = z.infer<typeof webhookEventSchema>;
