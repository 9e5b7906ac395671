import { randomUUID } from 'node:crypto';
import os from 'node:os';
import type { Clock } from '../../clock';
import type { Db } from '../../db/database';
import type { Log } from '../../log';
import { outboxPasses } from '../../outbox-passes';
import { signatureHeader } from './signature';
import { postWebhook } from './transport';
import { anyDueDelivery, claimDueDeliveries, recordAttempt, type WebhookDeliveryRow, webhooksByIds } from './webhooks.repository';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** The wait after the n-th failed attempt (the last one repeats): 1 min, 5 min, 30 min, 2 h, 5 h, then every 10 h. */
export const RETRY_DELAYS_MS = [MINUTE, 5 * MINUTE, 30 * MINUTE, 2 * HOUR, 5 * HOUR, 10 * HOUR] as const;
/** A delivery is retried until this long after it was made; an attempt that would fall later is not made. */
export const RETRY_WINDOW_MS = 24 * HOUR;

export function retryDelayMs(attempts: number): number {
  return RETRY_DELAYS_MS[Math.min(Math.max(attempts, 1), RETRY_DELAYS_MS.length) - 1]!;
}

export interface WebhookSenderPolicy {
  /** Deliveries one pass claims and sends at once: a slow receiver holds up at most this pass, for at most `timeoutMs`. */
  batch: number;
  /** How long a wake waits before its pass, so the deliveries of a run of commits go together. */
  wakeDelayMs: number;
  /** One attempt, from connecting to the end of the answer (WEBHOOK_TIMEOUT_MS). */
  timeoutMs: number;
}

export const DEFAULT_SENDER_POLICY: WebhookSenderPolicy = { batch: 10, wakeDelayMs: 20, timeoutMs: 10_000 };

export interface WebhookSenderDeps {
  db: Db;
  clock: Clock;
  log: Log;
  /** Outside production, loopback and private addresses may be reached (a receiver on the developer's machine). */
  allowPrivate: boolean;
  claimant?: string;
  policy?: Partial<WebhookSenderPolicy>;
  /** The transport; tests may pass their own. */
  post?: typeof postWebhook;
}

const toIso = (ms: number) => new Date(ms).toISOString();

/**
 * Sends the webhook deliveries, on every node at once without sending one twice: each pass claims due
 * deliveries of live webhooks under a lease, signs each stored body with its webhook's secret, POSTs
 * it, and records the answer: delivered on a 2xx, else a retry after a longer wait, until 24 hours
 * after the event. It runs shortly after a commit that wrote deliveries (`wake`), on a timer, and
 * once more at shutdown; one pass at a time per node, never inside a request.
 */
export function createWebhookSender({
  db,
  clock,
  log,
  allowPrivate,
  claimant = `${os.hostname()}/${process.pid}/${randomUUID().slice(0, 8)}`,
  policy: overrides,
  post = postWebhook,
}: WebhookSenderDeps) {
  const policy = { ...DEFAULT_SENDER_POLICY, ...overrides };
  // Longer than any pass may take, so a live node never loses its rows to another.
  const leaseMs = policy.timeoutMs + MINUTE;

  async function attempt(row: WebhookDeliveryRow, webhook: { url: string; secret: string } | undefined): Promise<void> {
    const started = clock.now();
    const at = started.toISOString();
    if (!webhook) {
      // Removed while its delivery waited: removing gives up what was waiting.
      await recordAttempt(db, row.id, claimant, {
        at,
        responseStatus: null,
        durationMs: null,
        error: null,
        outcome: { failed: true },
      });
      return;
    }
    const sent = await post({
      url: webhook.url,
      body: row.payload,
      signature: signatureHeader(webhook.secret, row.payload, started),
      eventId: row.event_id,
      timeoutMs: policy.timeoutMs,
      allowPrivate,
    }).catch((error: unknown) => ({
      delivered: false,
      status: null,
      durationMs: null,
      error: error instanceof Error ? error.message : String(error),
    }));
    const attempts = Number(row.attempts);
    const retryAt = clock.now().getTime() + retryDelayMs(attempts);
    const outcome = sent.delivered
      ? { delivered: true as const }
      : retryAt <= new Date(row.created_at).getTime() + RETRY_WINDOW_MS
        ? { retryAt: toIso(retryAt) }
        : { failed: true as const };
    await recordAttempt(db, row.id, claimant, {
      at,
      responseStatus: sent.status,
      durationMs: sent.durationMs,
      error: sent.delivered ? null : ((sent.error ?? null)?.slice(0, 1000) ?? null),
      outcome,
    });
    if (!sent.delivered) {
      const details = { deliveryId: row.id, webhookId: row.webhook_id, attempts, status: sent.status, error: sent.error };
      if ('failed' in outcome) log.warn(details, `webhook delivery given up after ${attempts} attempts`);
      else log.info({ ...details, retryAt: outcome.retryAt }, 'webhook delivery failed; retrying later');
    }
  }

  /** One pass: claims a batch of due deliveries and sends them side by side; answers how many it claimed. */
  async function pass(): Promise<number> {
    const now = clock.now().getTime();
    if (!(await anyDueDelivery(db, toIso(now)))) return 0;
    const rows = await claimDueDeliveries(db, { now: toIso(now), until: toIso(now + leaseMs), claimant, limit: policy.batch });
    if (rows.length === 0) return 0;
    const webhooks = await webhooksByIds(db, [...new Set(rows.map((row) => row.webhook_id))]);
    await Promise.all(
      rows.map((row) => {
        const webhook = webhooks.get(row.webhook_id);
        return attempt(row, webhook?.removed_at === null ? webhook : undefined);
      }),
    );
    return rows.length;
  }

  const passes = outboxPasses(pass, {
    batch: policy.batch,
    wakeDelayMs: policy.wakeDelayMs,
    log,
    failed: 'sending webhooks failed; the next round tries again',
  });
  let timer: NodeJS.Timeout | undefined;

  return {
    /** One pass now (after any pass under way); answers how many deliveries it claimed. */
    dispatch: passes.dispatch,
    /** Passes until nothing is due (a delivery waiting for its retry is not); answers how many were claimed. */
    drain: passes.drain,
    /** After a commit that may have written deliveries: a pass within `wakeDelayMs`. */
    wake: passes.wake,
    /** Passes now and every `intervalMs`: retries, deliveries another node wrote, leases that ran out. */
    start(intervalMs: number): void {
      if (timer || passes.halted()) return;
      passes.kick();
      timer = setInterval(passes.kick, intervalMs);
      timer.unref();
    },
    /**
     * Stops the timer and wakes, then lets the pass under way finish for up to `withinMs`. What is left
     * stays pending, for another node or the next start, once its lease runs out.
     */
    async stop(withinMs = 2000): Promise<void> {
      if (timer) clearInterval(timer);
      timer = undefined;
      let deadline: NodeJS.Timeout | undefined;
      const finished = await Promise.race([
        passes.halt().then(() => true),
        new Promise<false>((resolve) => {
          deadline = setTimeout(() => resolve(false), withinMs);
        }),
      ]);
      clearTimeout(deadline);
      if (!finished) log.warn({}, 'webhooks still being sent at shutdown are sent again by another node or the next start');
    },
  };
}

export type WebhookSender = ReturnType<typeof createWebhookSender>;
