import { sql } from 'kysely';
import type { Db } from '../../db/database';
import type { MailAddressLimitsTable } from '../../db/schema';

export interface AddressAllowance {
  /** Lower-case. */
  recipient: string;
  kind: string;
  /** ISO time of this mail. */
  now: string;
  /** ISO time before which the last mail must have gone out (now less the gap between two). */
  lastSentBy: string;
  /** ISO time before which a count's day began is over (now less a day): it starts again from this mail. */
  dayStartedBy: string;
  /** Mails a day. */
  perDay: number;
}

/**
 * Counts one more mail of `kind` to `recipient` if the address may have it (the last one is old enough,
 * and the day's count is not reached, or its day is over); answers whether it was counted. One
 * conditional upsert: on PostgreSQL a second request for the same address waits for the first's row
 * and reads it as changed; SQLite has one writer. So two requests at once never both take the last.
 */
export async function countAddressMail(db: Db, a: AddressAllowance): Promise<boolean> {
  const dayOver = sql<boolean>`mail_address_limits.window_started_at <= ${a.dayStartedBy}`;
  const counted = await db
    .insertInto('mail_address_limits')
    .values({ recipient: a.recipient, kind: a.kind, window_started_at: a.now, last_sent_at: a.now, sent: 1 })
    .onConflict((oc) =>
      oc
        .columns(['recipient', 'kind'])
        .doUpdateSet({
          sent: sql<number>`case when ${dayOver} then 1 else mail_address_limits.sent + 1 end`,
          window_started_at: sql<string>`case when ${dayOver} then ${a.now} else mail_address_limits.window_started_at end`,
          last_sent_at: a.now,
        })
        .where('mail_address_limits.last_sent_at', '<=', a.lastSentBy)
        .where((eb) =>
          eb.or([
            eb('mail_address_limits.window_started_at', '<=', a.dayStartedBy),
            eb('mail_address_limits.sent', '<', a.perDay),
          ]),
        ),
    )
    .returning('recipient')
    .executeTakeFirst();
  return counted !== undefined;
}

/** The address's count of `kind`, as it stands (to say which limit held a mail back). */
export async function addressMailCount(
  db: Db,
  recipient: string,
  kind: string,
): Promise<Pick<MailAddressLimitsTable, 'window_started_at' | 'last_sent_at' | 'sent'> | undefined> {
  return db
    .selectFrom('mail_address_limits')
    .select(['window_started_at', 'last_sent_at', 'sent'])
    .where('recipient', '=', recipient)
    .where('kind', '=', kind)
    .executeTakeFirst();
}

/** Deletes the counts whose day began before `dayStartedBy` and whose last mail is older than `lastSentBy`. */
export async function pruneAddressCounts(db: Db, { dayStartedBy, lastSentBy }: { dayStartedBy: string; lastSentBy: string }) {
  const result = await db
    .deleteFrom('mail_address_limits')
    .where('window_started_at', '<', dayStartedBy)
    .where('last_sent_at', '<', lastSentBy)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
