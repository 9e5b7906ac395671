import { randomUUID } from 'node:crypto';
import os from 'node:os';
import type { Clock } from '../../clock';
import type { Db } from '../../db/database';
import type { Write } from '../../db/write-together';
import type { MailOutboxRow } from '../../db/schema';
import { newTimeOrderedId } from '../../ids';
import type { Log } from '../../log';
import { outboxPasses } from '../../outbox-passes';
import {
  ADDRESS_MAIL_LIMIT,
  type AddressMailLimit,
  addressTag,
  pruneAddressAllowances,
  takeAddressAllowance,
} from './address-limits';
import type { MailAttachment, MailMessage, Mailer } from './mailer';
import {
  claimDueMails,
  countOutboxMails,
  outboxMailInsert,
  markMailsSent,
  pruneSentMails,
  recordMailFailure,
} from './mail-outbox.repository';

/**
 * Writes a mail into the outbox. Pass the transaction of the change that causes the mail: the mail
 * then exists exactly when the change does (a rollback takes both), and the dispatcher sends it
 * after the commit. `now` is when it was made and when it is first due.
 */
export async function enqueueMail(db: Db, message: MailMessage, now: Date | string): Promise<void> {
  await outboxMail(db, message, now).execute();
}

/** `enqueueMail`'s write, not yet made: for a `during` subscriber, whose writes go with the change's own. */
export function outboxMail(db: Db, message: MailMessage, now: Date | string): Write {
  const at = typeof now === 'string' ? now : now.toISOString();
  return outboxMailInsert(db, {
    id: newTimeOrderedId(),
    kind: message.kind ?? 'mail',
    recipient: message.to,
    subject: message.subject,
    text: message.text,
    html: message.html ?? null,
    invoice_order_id: message.invoiceOf ?? null,
    created_at: at,
    next_attempt_at: at,
    claimed_until: null,
    claimed_by: null,
    sent_at: null,
    failed_at: null,
    last_error: null,
  });
}

/**
 * A Mailer whose `send` writes to the outbox (its own small transaction) and wakes the dispatcher:
 * for code that owns no transaction of ours (better-auth's reset and verification mails), so that
 * its mail survives a crash or a mail-server outage like every other.
 * Anyone who types an address can ask for these mails, so each is counted against the address's
 * limit for its kind (address-limits.ts) in the same transaction; one over it is not written, and
 * only the log says so: the caller has already answered as it would for an unknown address.
 */
export function outboxMailer({
  db,
  clock,
  wake,
  log,
  limit = ADDRESS_MAIL_LIMIT,
}: {
  db: Db;
  clock: Clock;
  wake: () => void;
  log: Log;
  limit?: AddressMailLimit;
}): Mailer {
  return {
    async send(message) {
      const now = clock.now();
      const kind = message.kind ?? 'mail';
      const allowance = await db.transaction().execute(async (trx) => {
        const taken = await takeAddressAllowance(trx, { address: message.to, kind, now, limit });
        if (taken === 'allowed') await enqueueMail(trx, message, now);
        return taken;
      });
      if (allowance === 'allowed') {
        wake();
        return;
      }
      const details = { kind, address: addressTag(message.to), limit: allowance };
      if (allowance === 'day-used-up') {
        log.warn(details, `${kind} mail not sent: the address had its ${limit.perDay} of the day already`);
      } else {
        log.info(details, `${kind} mail not sent: the address had one less than ${limit.gapMs / 1000} s ago`);
      }
    },
  };
}

export interface OutboxPolicy {
  /** Rows one pass claims and sends at once. */
  batch: number;
  /**
   * How long a wake waits before its pass: the mails committed meanwhile go out in the same pass, so
   * under a run of orders a pass claims and marks many in one statement each, not one a pass.
   */
  wakeDelayMs: number;
  /** How long a claim holds; longer than a send may take, so a live node never loses its rows. */
  leaseMs: number;
  /** A send that has not finished by then counts as failed (and is retried). */
  sendTimeoutMs: number;
  /** Delay after the first failure; doubles with each further one, up to `retryCapMs`, with jitter. */
  retryBaseMs: number;
  retryCapMs: number;
  /** After this many failed attempts a mail is given up: kept with `failed_at`, logged, counted. */
  maxAttempts: number;
  /** Sent rows are kept this long (to answer "was it sent?"), then pruned. */
  keepSentMs: number;
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

export const DEFAULT_OUTBOX_POLICY: OutboxPolicy = {
  batch: 20,
  wakeDelayMs: 20,
  leaseMs: 30_000,
  sendTimeoutMs: 20_000,
  retryBaseMs: 15_000,
  retryCapMs: HOUR,
  maxAttempts: 12,
  keepSentMs: 7 * 24 * HOUR,
};

/**
 * Exponential backoff with jitter: after the n-th failed attempt, a wait drawn from the upper half of
 * base·2^(n−1), capped. The jitter spreads the retries of mails that failed together (an outage), so
 * they do not all hit the mail server again at the same moment.
 */
export function retryDelayMs(attempts: number, policy: Pick<OutboxPolicy, 'retryBaseMs' | 'retryCapMs'>, random = Math.random) {
  const ceiling = Math.min(policy.retryCapMs, policy.retryBaseMs * 2 ** Math.max(0, attempts - 1));
  return Math.round(ceiling * (0.5 + random() * 0.5));
}

export interface MailDispatcherDeps {
  db: Db;
  /** The real transport: SMTP, or the .eml folder (createMailer); tests pass one that captures. */
  transport: Mailer;
  clock: Clock;
  log: Log;
  /** Names this node in `claimed_by`; unique per process by default. */
  claimant?: string;
  policy?: Partial<OutboxPolicy>;
  /** Told how many mails a pass sent, and of each failed attempt (metrics). */
  onSent?: (count: number) => void;
  onFailedAttempt?: () => void;
  /**
   * Makes the invoice of an order, for a mail that carries one (`invoiceOf`). The orders module owns
   * invoices; services.ts passes its maker in. A failure counts as a failed attempt, retried as usual.
   */
  invoicePdf?: (orderId: string) => Promise<MailAttachment>;
}

const toIso = (ms: number) => new Date(ms).toISOString();

function errorText(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return text.slice(0, 1000);
}

function messageOf(row: MailOutboxRow): MailMessage {
  return {
    id: row.id,
    to: row.recipient,
    subject: row.subject,
    text: row.text,
    ...(row.html === null ? {} : { html: row.html }),
    kind: row.kind,
    ...(row.invoice_order_id === null ? {} : { invoiceOf: row.invoice_order_id }),
  };
}

/**
 * Writes ids as they come, in as few statements as the database's pace allows: the ids that arrive
 * while a statement waits or runs go together in the next one. Each call resolves once its id is
 * written. On SQLite a mark waits behind the bookings writing on the same connection; one statement
 * per mail made the outbox fall behind under a run of orders.
 */
export function coalesced(write: (ids: string[]) => Promise<void>): (id: string) => Promise<void> {
  let next: { ids: string[]; written: Promise<void> } | undefined;
  let previous: Promise<unknown> = Promise.resolve();
  return (id) => {
    if (!next) {
      const batch: { ids: string[]; written: Promise<void> } = { ids: [], written: Promise.resolve() };
      batch.written = previous.then(() => {
        // From here on, new ids wait for the statement after this one.
        if (next === batch) next = undefined;
        return write(batch.ids);
      });
      previous = batch.written.catch(() => undefined);
      next = batch;
    }
    next.ids.push(id);
    return next.written;
  };
}

/**
 * Sends what the outbox holds, on every node at once without sending a mail twice: each pass claims
 * due rows under a lease (claimDueMails), sends them through the transport, and marks them sent or
 * schedules a retry. It runs on a timer, shortly after a commit that wrote a mail (`wake`), and
 * once more at shutdown. One pass at a time per node.
 */
export function createMailDispatcher({
  db,
  transport,
  clock,
  log,
  claimant = `${os.hostname()}/${process.pid}/${randomUUID().slice(0, 8)}`,
  policy: overrides,
  onSent,
  onFailedAttempt,
  invoicePdf,
}: MailDispatcherDeps) {
  const policy = { ...DEFAULT_OUTBOX_POLICY, ...overrides };

  /** The mail as sent: with its invoice made now, from the order as it is at this moment. */
  async function withAttachments(message: MailMessage): Promise<MailMessage> {
    if (!message.invoiceOf) return message;
    if (!invoicePdf) throw new Error('this mail carries an invoice, and this dispatcher cannot make one');
    return { ...message, attachments: [await invoicePdf(message.invoiceOf)] };
  }

  async function sendWithin(message: MailMessage): Promise<void> {
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<never>((_resolve, reject) => {
      timer = setTimeout(
        () => reject(new Error(`the mail transport did not finish within ${policy.sendTimeoutMs / 1000} s`)),
        policy.sendTimeoutMs,
      );
    });
    try {
      await Promise.race([transport.send(message), late]);
    } finally {
      clearTimeout(timer);
    }
  }

  async function failed(row: MailOutboxRow, error: unknown): Promise<void> {
    onFailedAttempt?.();
    const now = clock.now().getTime();
    const details = { mailId: row.id, kind: row.kind, attempts: row.attempts, error: errorText(error) };
    if (row.attempts >= policy.maxAttempts) {
      await recordMailFailure(db, row.id, claimant, { error: details.error, failedAt: toIso(now) });
      log.warn(
        details,
        `mail "${row.subject}" given up after ${row.attempts} attempts; it stays in mail_outbox with failed_at and last_error`,
      );
      return;
    }
    const retryAt = toIso(now + retryDelayMs(row.attempts, policy));
    await recordMailFailure(db, row.id, claimant, { error: details.error, retryAt });
    log.warn(
      { ...details, retryAt },
      `mail "${row.subject}" could not be sent (attempt ${row.attempts}); retrying at ${retryAt}`,
    );
  }

  /** One pass: claims a batch of due mails and sends them; answers how many it claimed. */
  async function pass(): Promise<number> {
    const now = clock.now().getTime();
    const rows = await claimDueMails(db, { now: toIso(now), until: toIso(now + policy.leaseMs), claimant, limit: policy.batch });
    if (rows.length === 0) return 0;
    const markSent = coalesced((ids) => markMailsSent(db, ids, toIso(clock.now().getTime())));
    const outcomes = await Promise.all(
      rows.map(async (row) => {
        try {
          await sendWithin(await withAttachments(messageOf(row)));
        } catch (error) {
          return { row, error, ok: false as const };
        }
        // Marked the moment its server took it, not after the batch's slowest: a crash meanwhile
        // sends again only the mails that had not gone.
        await markSent(row.id);
        return { row, error: undefined, ok: true as const };
      }),
    );
    const sent = outcomes.filter((o) => o.ok).length;
    if (sent > 0) onSent?.(sent);
    for (const outcome of outcomes) if (!outcome.ok) await failed(outcome.row, outcome.error);
    return rows.length;
  }

  const passes = outboxPasses(pass, {
    batch: policy.batch,
    wakeDelayMs: policy.wakeDelayMs,
    log,
    failed: 'sending from the mail outbox failed; the next round tries again',
  });
  let timer: NodeJS.Timeout | undefined;
  let lastPrune = 0;

  /**
   * Deletes the rows sent longer than `keepSentMs` ago (never one not sent), and the addresses' counts
   * of mail that no longer hold anything back. Answers how many mails went.
   */
  async function prune(): Promise<number> {
    const now = clock.now().getTime();
    lastPrune = now;
    const count = await passes.exclusive(() => pruneSentMails(db, toIso(now - policy.keepSentMs)));
    if (count > 0) log.info({ count }, `pruned ${count} mail(s) sent more than ${policy.keepSentMs / (24 * HOUR)} days ago`);
    await pruneAddressAllowances(db, new Date(now));
    return count;
  }

  return {
    /** One pass now (after any pass under way): claims, sends and records a batch; answers how many it claimed. */
    dispatch: passes.dispatch,
    /** Passes until nothing is due (a mail waiting for its retry is not); answers how many were claimed. */
    drain: passes.drain,
    /** After a commit that wrote mail: a pass within `wakeDelayMs`, instead of at the next round. */
    wake: passes.wake,
    counts: () => countOutboxMails(db),
    prune,
    /** Passes now and every `intervalMs` (retries, mails another node wrote, leases that ran out); prunes hourly. */
    start(intervalMs: number): void {
      if (timer || passes.halted()) return;
      const tick = () => {
        passes.kick();
        if (clock.now().getTime() - lastPrune < HOUR) return;
        prune().catch((error: unknown) => log.warn({ err: error }, 'pruning sent mails failed; tried again later'));
      };
      tick();
      timer = setInterval(tick, intervalMs);
      timer.unref();
    },
    /**
     * Stops the timer and wakes, then sends what is due for up to `withinMs`: a clean shutdown leaves
     * nothing behind that it could send. Whatever is left stays in the outbox for another node or the
     * next start.
     */
    async stop(withinMs = 2000): Promise<void> {
      if (timer) clearInterval(timer);
      timer = undefined;
      const finishing = (async () => {
        await passes.halt();
        for (let claimed = 1; claimed > 0;) claimed = await passes.dispatch();
      })();
      let deadline: NodeJS.Timeout | undefined;
      const finished = await Promise.race([
        finishing.then(
          () => true,
          (error: unknown) => {
            log.warn({ err: error }, 'the last sends from the mail outbox failed; the mails stay queued');
            return true;
          },
        ),
        new Promise<false>((resolve) => {
          deadline = setTimeout(() => resolve(false), withinMs);
        }),
      ]);
      clearTimeout(deadline);
      if (!finished)
        log.warn({}, 'mail still being sent at shutdown stays in the outbox; another node or the next start sends it');
    },
  };
}

export type MailDispatcher = ReturnType<typeof createMailDispatcher>;
