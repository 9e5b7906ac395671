import { SqliteAdapter, sql } from 'kysely';
import type { Db } from '../../db/database';
import type { MailOutboxRow, MailOutboxTable } from '../../db/schema';

/** The insert that writes a mail into the outbox (in the caller's transaction, when it runs in one). */
export function outboxMailInsert(db: Db, row: Omit<MailOutboxTable, 'attempts'>) {
  return db.insertInto('mail_outbox').values(row);
}

export interface Claim {
  /** ISO time: what is due by now, and not claimed by a node whose lease still runs, is taken. */
  now: string;
  /** ISO time the lease runs to. */
  until: string;
  claimant: string;
  limit: number;
}

/**
 * Takes up to `limit` due rows for this node, atomically, so that two nodes never take the same row;
 * each taken row's `attempts` goes up by one.
 *
 * - PostgreSQL: one `update` of the rows a materialized `select … for update skip locked` picked.
 *   Rows another node is claiming at this moment are skipped, not waited for; a row it claimed a
 *   moment ago fails the `claimed_until` test when re-read under the lock. One statement, not a
 *   transaction of two: two round trips fewer for every pass.
 * - SQLite: one `update … where id in (select … limit n) returning *`. The database has one writer,
 *   so the select and the update are one step for every process on the file.
 */
export async function claimDueMails(db: Db, { now, until, claimant, limit }: Claim): Promise<MailOutboxRow[]> {
  const due = (qb: Db) =>
    qb
      .selectFrom('mail_outbox')
      .select('id')
      .where('sent_at', 'is', null)
      .where('failed_at', 'is', null)
      .where('next_attempt_at', '<=', now)
      .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<=', now)]))
      .orderBy('next_attempt_at')
      .orderBy('id')
      .limit(limit);
  const lease = { claimed_until: until, claimed_by: claimant, attempts: sql<number>`attempts + 1` };

  if (db.getExecutor().adapter instanceof SqliteAdapter) {
    return db.updateTable('mail_outbox').set(lease).where('id', 'in', due(db)).returningAll().execute();
  }
  return db
    .with(
      (cte) => cte('due').materialized(),
      () => due(db).forUpdate().skipLocked(),
    )
    .updateTable('mail_outbox')
    .set(lease)
    .where('id', 'in', (eb) => eb.selectFrom('due').select('due.id'))
    .returningAll()
    .execute();
}

export async function markMailsSent(db: Db, ids: readonly string[], now: string): Promise<void> {
  if (ids.length === 0) return;
  await db
    .updateTable('mail_outbox')
    .set({ sent_at: now, claimed_until: null, claimed_by: null })
    .where('id', 'in', [...ids])
    .where('sent_at', 'is', null)
    .execute();
}

/**
 * A failed attempt: the lease is given back and the row waits until `retryAt`, or, with `failedAt`,
 * is given up and kept. Only while this node still holds the claim: if its lease ran out and another
 * node took the row over, that node's record stands.
 */
export async function recordMailFailure(
  db: Db,
  id: string,
  claimant: string,
  outcome: { error: string } & ({ retryAt: string } | { failedAt: string }),
): Promise<void> {
  await db
    .updateTable('mail_outbox')
    .set({
      claimed_until: null,
      claimed_by: null,
      last_error: outcome.error,
      ...('retryAt' in outcome ? { next_attempt_at: outcome.retryAt } : { failed_at: outcome.failedAt }),
    })
    .where('id', '=', id)
    .where('claimed_by', '=', claimant)
    .where('sent_at', 'is', null)
    .execute();
}

/** Deletes rows sent before `before`; never a row not sent. Answers how many went. */
export async function pruneSentMails(db: Db, before: string): Promise<number> {
  const result = await db
    .deleteFrom('mail_outbox')
    .where('sent_at', 'is not', null)
    .where('sent_at', '<', before)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** How many mails wait to be sent (due or retrying later), and how many were given up. */
export async function countOutboxMails(db: Db): Promise<{ pending: number; failed: number }> {
  const [pending, failed] = await Promise.all([
    db
      .selectFrom('mail_outbox')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('sent_at', 'is', null)
      .where('failed_at', 'is', null)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('mail_outbox')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('failed_at', 'is not', null)
      .executeTakeFirstOrThrow(),
  ]);
  return { pending: Number(pending.n), failed: Number(failed.n) };
}
