import { createHash } from 'node:crypto';
import type { Db } from '../../db/database';
import { addressMailCount, countAddressMail, pruneAddressCounts } from './address-limits.repository';

/**
 * How much mail of one kind an address can be sent on anyone's asking (docs/shop-rules.md, "Accounts
 * and safety"): a verification link or a password reset is asked for by whoever types the address,
 * so each is limited per address, whoever asks and from wherever.
 */
export interface AddressMailLimit {
  /** The least time between two mails of a kind to one address. */
  gapMs: number;
  /** Mails of a kind to one address in a day, counted from the first of them. */
  perDay: number;
}

const MINUTE = 60_000;
export const DAY_MS = 24 * 60 * MINUTE;

export const ADDRESS_MAIL_LIMIT: AddressMailLimit = { gapMs: MINUTE, perDay: 5 };

/** Why a mail was held back, or that it may go. */
export type AddressAllowance = 'allowed' | 'too-soon' | 'day-used-up';

const iso = (ms: number) => new Date(ms).toISOString();

/**
 * Counts a mail of `kind` to `address` against the limit, in the caller's transaction; answers whether
 * it may go, and if not, which limit held it back.
 */
export async function takeAddressAllowance(
  db: Db,
  { address, kind, now, limit = ADDRESS_MAIL_LIMIT }: { address: string; kind: string; now: Date; limit?: AddressMailLimit },
): Promise<AddressAllowance> {
  const recipient = address.trim().toLowerCase();
  const at = now.getTime();
  const allowed = await countAddressMail(db, {
    recipient,
    kind,
    now: iso(at),
    lastSentBy: iso(at - limit.gapMs),
    dayStartedBy: iso(at - DAY_MS),
    perDay: limit.perDay,
  });
  if (allowed) return 'allowed';
  const count = await addressMailCount(db, recipient, kind);
  return count && count.sent >= limit.perDay && count.window_started_at > iso(at - DAY_MS) ? 'day-used-up' : 'too-soon';
}

/** Deletes the counts that no longer hold anything back. */
export function pruneAddressAllowances(db: Db, now: Date, limit: AddressMailLimit = ADDRESS_MAIL_LIMIT): Promise<number> {
  const at = now.getTime();
  return pruneAddressCounts(db, { dayStartedBy: iso(at - DAY_MS), lastSentBy: iso(at - limit.gapMs) });
}

/** Names an address in the logs without writing it there: the same address, the same tag. */
export function addressTag(address: string): string {
  return createHash('sha256').update(address.trim().toLowerCase()).digest('hex').slice(0, 12);
}
