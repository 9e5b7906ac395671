import { type Selectable, SqliteAdapter, sql } from 'kysely';
import type { Db } from '../../db/database';
import type { WebhookDeliveriesTable, WebhooksTable } from '../../db/schema';
import type { Write } from '../../db/write-together';
import { newTimeOrderedId } from '../../ids';

export type WebhookRow = WebhooksTable;
export type WebhookDeliveryRow = Selectable<WebhookDeliveriesTable>;

/** Whose webhooks: a company's, or the shop's own (null). */
const ownedBy = (companyId: string | null) =>
  companyId === null ? sql<boolean>`webhooks.company_id is null` : sql<boolean>`webhooks.company_id = ${companyId}`;

export async function insertWebhook(db: Db, row: WebhookRow): Promise<void> {
  await db.insertInto('webhooks').values(row).execute();
}

/** The live webhooks of one company, or of the shop (null), newest first. */
export async function liveWebhooksOf(db: Db, companyId: string | null): Promise<WebhookRow[]> {
  return db
    .selectFrom('webhooks')
    .selectAll()
    .where('removed_at', 'is', null)
    .where(ownedBy(companyId))
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .execute();
}

export async function countLiveWebhooks(db: Db, companyId: string | null): Promise<number> {
  const row = await db
    .selectFrom('webhooks')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('removed_at', 'is', null)
    .where(ownedBy(companyId))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The owner's live webhook with this id. */
export async function liveWebhookOf(db: Db, companyId: string | null, id: string): Promise<WebhookRow | undefined> {
  return db
    .selectFrom('webhooks')
    .selectAll()
    .where('id', '=', id)
    .where('removed_at', 'is', null)
    .where(ownedBy(companyId))
    .executeTakeFirst();
}

/**
 * Removes the owner's webhook: it keeps its row with `removed_at`, and what it had still to send is
 * given up. True when the owner has such a webhook (removed now or before).
 */
export async function removeWebhook(db: Db, companyId: string | null, id: string, at: string): Promise<boolean> {
  const found = await db.selectFrom('webhooks').select('id').where('id', '=', id).where(ownedBy(companyId)).executeTakeFirst();
  if (!found) return false;
  await db.updateTable('webhooks').set({ removed_at: at }).where('id', '=', id).where('removed_at', 'is', null).execute();
  await db
    .updateTable('webhook_deliveries')
    .set({ status: 'failed', next_attempt_at: null, claimed_until: null, claimed_by: null })
    .where('webhook_id', '=', id)
    .where('status', '=', 'pending')
    .execute();
  return true;
}

/** A webhook's latest deliveries, newest first. */
export async function deliveriesOf(db: Db, webhookId: string, limit: number): Promise<WebhookDeliveryRow[]> {
  return db
    .selectFrom('webhook_deliveries')
    .selectAll()
    .where('webhook_id', '=', webhookId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

export async function deliveryOf(db: Db, webhookId: string, id: string): Promise<WebhookDeliveryRow | undefined> {
  return db
    .selectFrom('webhook_deliveries')
    .selectAll()
    .where('id', '=', id)
    .where('webhook_id', '=', webhookId)
    .executeTakeFirst();
}

/** A new delivery of an event already sent (or not): same event id, same body, due `at`. */
export async function insertResend(db: Db, original: WebhookDeliveryRow, at: string): Promise<WebhookDeliveryRow> {
  const row: WebhookDeliveryRow = {
    id: newTimeOrderedId(),
    webhook_id: original.webhook_id,
    event_id: original.event_id,
    event_type: original.event_type,
    payload: original.payload,
    status: 'pending',
    attempts: 0,
    next_attempt_at: at,
    claimed_until: null,
    claimed_by: null,
    response_status: null,
    duration_ms: null,
    last_error: null,
    last_attempt_at: null,
    delivered_at: null,
    created_at: at,
  };
  await db.insertInto('webhook_deliveries').values(row).execute();
  return row;
}

/** One event to fan out: its body, and who may hear it. */
export interface EventToFanOut {
  eventId: string;
  type: string;
  payload: string;
  /** The event's company: its webhooks hear it besides the shop's; null, only the shop's. */
  companyId: string | null;
}

/**
 * One delivery per event and live webhook that asked for its type and may see it, as one
 * `insert … select` that goes with the change's own writes, whatever the number of events: with no
 * webhook it costs no round trip, only a read of an empty index inside the statement. A delivery's id
 * is a time-ordered id's first 24 characters and the webhook id's last 12 (48 random bits): unique
 * among one event's few deliveries.
 */
export function deliveriesInsert(db: Db, at: string, events: readonly EventToFanOut[]): Write {
  const rows = events.map(
    ({ eventId, type, payload, companyId }) =>
      sql`(${newTimeOrderedId().slice(0, 24)}, ${eventId}, ${payload}, ${type}, ${companyId})`,
  );
  // `values` names its columns column1, column2, … on both engines.
  const fanned = sql`(values ${sql.join(rows)})`.as('v');
  return db
    .insertInto('webhook_deliveries')
    .columns(['id', 'webhook_id', 'event_id', 'event_type', 'payload', 'next_attempt_at', 'created_at'])
    .expression(
      db
        .selectFrom('webhooks')
        .innerJoin(fanned, (join) => join.onTrue())
        .select([
          sql<string>`v.column1 || substr(webhooks.id, length(webhooks.id) - 11, 12)`.as('id'),
          'webhooks.id as webhook_id',
          sql<string>`v.column2`.as('event_id'),
          sql<string>`v.column4`.as('event_type'),
          sql<string>`v.column3`.as('payload'),
          sql<string>`${at}`.as('next_attempt_at'),
          sql<string>`${at}`.as('created_at'),
        ])
        .where('webhooks.removed_at', 'is', null)
        .where(sql<boolean>`(webhooks.company_id is null or webhooks.company_id = v.column5)`)
        .where(sql<boolean>`(' ' || webhooks.events || ' ') like ('% ' || v.column4 || ' %')`),
    );
}

/** Whether the shop has a live webhook that asked for `type` (to skip reading what no one hears). */
export async function shopListensTo(db: Db, type: string): Promise<boolean> {
  const row = await db
    .selectFrom('webhooks')
    .select('id')
    .where('company_id', 'is', null)
    .where('removed_at', 'is', null)
    .where(sql<boolean>`(' ' || webhooks.events || ' ') like ${`% ${type} %`}`)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

export interface Claim {
  now: string;
  until: string;
  claimant: string;
  limit: number;
}

/**
 * Whether any delivery is due: a read, so that the pass each commit wakes writes nothing (and on
 * SQLite waits for no writer) while the shop has no webhook.
 */
export async function anyDueDelivery(db: Db, now: string): Promise<boolean> {
  const row = await db
    .selectFrom('webhook_deliveries')
    .select('id')
    .where('status', '=', 'pending')
    .where('next_attempt_at', '<=', now)
    .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<=', now)]))
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Takes up to `limit` due pending deliveries of live webhooks for this node, atomically (as
 * claimDueMails does: `for update skip locked` on PostgreSQL, one writer on SQLite); each taken row's
 * `attempts` goes up by one.
 */
export async function claimDueDeliveries(db: Db, { now, until, claimant, limit }: Claim): Promise<WebhookDeliveryRow[]> {
  const due = (qb: Db) =>
    qb
      .selectFrom('webhook_deliveries')
      .select('id')
      .where('status', '=', 'pending')
      .where('next_attempt_at', '<=', now)
      .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<=', now)]))
      .where('webhook_id', 'in', (eb) => eb.selectFrom('webhooks').select('webhooks.id').where('webhooks.removed_at', 'is', null))
      .orderBy('next_attempt_at')
      .orderBy('id')
      .limit(limit);
  const lease = { claimed_until: until, claimed_by: claimant, attempts: sql<number>`attempts + 1` };
  if (db.getExecutor().adapter instanceof SqliteAdapter) {
    return db.updateTable('webhook_deliveries').set(lease).where('id', 'in', due(db)).returningAll().execute();
  }
  return db
    .with(
      (cte) => cte('due').materialized(),
      () => due(db).forUpdate().skipLocked(),
    )
    .updateTable('webhook_deliveries')
    .set(lease)
    .where('id', 'in', (eb) => eb.selectFrom('due').select('due.id'))
    .returningAll()
    .execute();
}

/** The address and secret of each of these webhooks, live or not. */
export async function webhooksByIds(db: Db, ids: readonly string[]): Promise<Map<string, WebhookRow>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('webhooks')
    .selectAll()
    .where('id', 'in', [...ids])
    .execute();
  return new Map(rows.map((row) => [row.id, row]));
}

export interface AttemptRecord {
  at: string;
  responseStatus: number | null;
  durationMs: number | null;
  error: string | null;
  /** Delivered; or waiting until `retryAt`; or given up. */
  outcome: { delivered: true } | { retryAt: string } | { failed: true };
}

/**
 * Records an attempt and gives the lease back, only while this node still holds the claim: if its
 * lease ran out and another node took the row over, that node's record stands.
 */
export async function recordAttempt(db: Db, id: string, claimant: string, record: AttemptRecord): Promise<void> {
  const { outcome } = record;
  await db
    .updateTable('webhook_deliveries')
    .set({
      claimed_until: null,
      claimed_by: null,
      last_attempt_at: record.at,
      response_status: record.responseStatus,
      duration_ms: record.durationMs,
      last_error: record.error,
      ...('delivered' in outcome
        ? { status: 'delivered' as const, delivered_at: record.at, next_attempt_at: null }
        : 'retryAt' in outcome
          ? { next_attempt_at: outcome.retryAt }
          : { status: 'failed' as const, next_attempt_at: null }),
    })
    .where('id', '=', id)
    .where('claimed_by', '=', claimant)
    .where('status', '=', 'pending')
    .execute();
}
