import * as copy from '#shared/copy';
import {
  type CreatedWebhook,
  type CreateWebhookInput,
  MAX_WEBHOOKS,
  shopOnlyWebhookEvents,
  type Webhook,
  type WebhookDelivery,
  type WebhookDeliveryList,
  webhookEventTypeSchema,
  type WebhookEventType,
  type WebhookList,
} from '#shared/schemas/webhooks';
import { AppError } from '../../app-error';
import type { Clock } from '../../clock';
import type { Db } from '../../db/database';
import { newId } from '../../ids';
import type { SessionUser } from '../../session-user';
import { membershipOf } from '../companies';
import { newWebhookSecret } from './secrets';
import { refusedTarget } from './targets';
import {
  countLiveWebhooks,
  deliveriesOf,
  deliveryOf,
  insertResend,
  insertWebhook,
  liveWebhookOf,
  liveWebhooksOf,
  removeWebhook,
  type WebhookDeliveryRow,
  type WebhookRow,
} from './webhooks.repository';

const s = copy.webhooks;

/** How many deliveries a webhook's log shows, newest first. */
export const DELIVERY_LOG_LENGTH = 100;

/** Whose webhooks a user manages: their company's (a company admin) or the shop's (null, a shop admin). */
export interface WebhookOwner {
  companyId: string | null;
}

function eventsOf(row: WebhookRow): WebhookEventType[] {
  return row.events.split(' ').flatMap((event) => {
    const parsed = webhookEventTypeSchema.safeParse(event);
    return parsed.success ? [parsed.data] : [];
  });
}

function toWebhook(row: WebhookRow): Webhook {
  return { id: row.id, url: row.url, events: eventsOf(row), createdAt: row.created_at };
}

export function toDelivery(row: WebhookDeliveryRow): WebhookDelivery {
  return {
    id: row.id,
    eventId: row.event_id,
    eventType: webhookEventTypeSchema.parse(row.event_type),
    status: row.status,
    attempts: Number(row.attempts),
    responseStatus: row.response_status === null ? null : Number(row.response_status),
    durationMs: row.duration_ms === null ? null : Number(row.duration_ms),
    lastError: row.last_error,
    createdAt: row.created_at,
    lastAttemptAt: row.last_attempt_at,
    nextAttemptAt: row.next_attempt_at,
    deliveredAt: row.delivered_at,
  };
}

export function createWebhooksService(
  db: Db,
  { clock, allowPrivate, wake }: { clock: Clock; allowPrivate: boolean; wake: () => void },
) {
  /** 403 for anyone but a company admin or a shop admin. */
  async function ownerFor(user: SessionUser): Promise<WebhookOwner> {
    if (user.role === 'admin') return { companyId: null };
    const membership = await membershipOf(db, user.id);
    if (membership?.role !== 'company_admin') throw new AppError('forbidden', s.adminsOnly);
    return { companyId: membership.companyId };
  }

  async function mustFind(owner: WebhookOwner, id: string): Promise<WebhookRow> {
    const row = await liveWebhookOf(db, owner.companyId, id);
    if (!row) throw new AppError('not_found', s.notFound);
    return row;
  }

  return {
    /** Run by the routes' guard before the body is read: who may manage webhooks at all. */
    ownerFor,

    async create(owner: WebhookOwner, user: SessionUser, input: CreateWebhookInput): Promise<CreatedWebhook> {
      if (owner.companyId !== null && input.events.some((event) => shopOnlyWebhookEvents.includes(event))) {
        throw new AppError('validation_failed', s.shopEventOnly, { events: s.shopEventOnly });
      }
      const refused = await refusedTarget(input.url, { allowPrivate });
      if (refused !== null) throw new AppError('validation_failed', refused, { url: refused });
      const secret = newWebhookSecret();
      const row: WebhookRow = {
        id: newId(),
        company_id: owner.companyId,
        url: input.url,
        events: input.events.join(' '),
        secret,
        created_by: user.id,
        created_at: clock.now().toISOString(),
        removed_at: null,
      };
      await db.transaction().execute(async (trx) => {
        if ((await countLiveWebhooks(trx, owner.companyId)) >= MAX_WEBHOOKS) {
          throw new AppError('conflict', s.tooMany(MAX_WEBHOOKS));
        }
        await insertWebhook(trx, row);
      });
      return { ...toWebhook(row), secret };
    },

    async list(owner: WebhookOwner): Promise<WebhookList> {
      return { items: (await liveWebhooksOf(db, owner.companyId)).map(toWebhook) };
    },

    /** 404 for a webhook of another company (or none); removing twice is still 204. */
    async remove(owner: WebhookOwner, id: string): Promise<void> {
      const removed = await db.transaction().execute((trx) => removeWebhook(trx, owner.companyId, id, clock.now().toISOString()));
      if (!removed) throw new AppError('not_found', s.notFound);
    },

    async deliveries(owner: WebhookOwner, id: string): Promise<WebhookDeliveryList> {
      const webhook = await mustFind(owner, id);
      return { items: (await deliveriesOf(db, webhook.id, DELIVERY_LOG_LENGTH)).map(toDelivery) };
    },

    /** A new delivery of the same event (same id, same bytes), due now; the sender is woken. */
    async resend(owner: WebhookOwner, id: string, deliveryId: string): Promise<WebhookDelivery> {
      const webhook = await mustFind(owner, id);
      const original = await deliveryOf(db, webhook.id, deliveryId);
      if (!original) throw new AppError('not_found', s.deliveryNotFound);
      const row = await insertResend(db, original, clock.now().toISOString());
      wake();
      return toDelivery(row);
    },
  };
}

export type WebhooksService = ReturnType<typeof createWebhooksService>;
