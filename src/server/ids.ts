import { randomUUID } from 'node:crypto';

/** Opaque ids (docs/shop-rules.md, "Data"): random, so they reveal neither counts nor order. */
export function newId(): string {
  // randomUUID() adds its text up from two-digit strings, a tree of some 20 strings (~490 bytes) kept
  // as long as the id is; joined again it is one flat string (~60 bytes): 10,000 new parts held 4 MB less.
  return randomUUID().split('-').join('-');
}

/**
 * An id for rows written by the thousand and never shown to strangers (orders and their lines, the
 * mail outbox): a UUID of version 7 (RFC 9562), its first 48 bits the time in milliseconds and the
 * other 74 random. Ids made later sort after, so each new row lands at the end of its table's
 * indexes on the id, next to the rows written just before it, instead of on a random page of each:
 * a booking's commit writes a few pages where random ids made it write one page an index and row.
 * The id reveals when it was made (an order shows that anyway), never how many there are.
 */
export function newTimeOrderedId(now = Date.now()): string {
  // A random UUID (version 4) already has 122 random bits and the right variant: its first 13 hex
  // digits (time_low, time_mid and the version digit) are replaced by the time and a 7.
  const time = now.toString(16).padStart(12, '0');
  return `${time.slice(0, 8)}-${time.slice(8)}-7${randomUUID().slice(15)}`;
}
