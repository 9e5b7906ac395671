import { type BuyerTaxStatus, buyerTaxStatusFrom } from '#shared/order-totals';
import { SqliteAdapter } from 'kysely';
import type { ListUsersQuery } from '#shared/schemas/accounts';
import type { Db } from '../../db/database';
import { fetchPage } from '../../db/pagination';
import type { AuthTimestamp, UserRow } from '../../db/schema';
import { containsText } from '../../db/search';

// Reads only, but for the role and the tax status: better-auth writes its own tables
// (docs/decisions/0004). The role is the shop's rule (at least one admin), so it is checked and changed
// in one transaction here; the VAT ID and the tax exemption are the shop's columns, which better-auth
// never reads.

function usersMatching(db: Db, q: string | undefined) {
  const query = db.selectFrom('users');
  return q ? query.where((eb) => eb.or([containsText('name', q), containsText('email', q)])) : query;
}

export async function listUsers(db: Db, { q, ...page }: ListUsersQuery): Promise<{ rows: UserRow[]; total: number }> {
  const base = usersMatching(db, q);
  return fetchPage(
    base.selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc'),
    base.select((eb) => eb.fn.countAll<number>().as('total')),
    page,
  );
}

export async function findUser(db: Db, id: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

/** A session by its token with its user, in one indexed query (the token is unique); every signed-in request asks it. */
export async function findSessionWithUser(
  db: Db,
  token: string,
): Promise<{ expiresAt: AuthTimestamp; user: UserRow } | undefined> {
  const row = await db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .selectAll('users')
    .select('sessions.expires_at as session_expires_at')
    .where('sessions.token', '=', token)
    .executeTakeFirst();
  if (!row) return undefined;
  const { session_expires_at: expiresAt, ...user } = row;
  return { expiresAt, user };
}

export async function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('email', '=', email.toLowerCase()).executeTakeFirst();
}

/**
 * Holds every admin row until this transaction ends, so that checking who is admin and changing a
 * role is one step: two admins demoting each other at the same moment cannot leave the shop without
 * one. On PostgreSQL a row lock on each admin (the second demotion waits, then sees the first); on
 * SQLite the one writer already runs transactions one at a time.
 */
export async function lockAdmins(trx: Db): Promise<void> {
  if (trx.getExecutor().adapter instanceof SqliteAdapter) return;
  await trx.selectFrom('users').select('id').where('role', '=', 'admin').orderBy('id').forUpdate().execute();
}

/** Every admin's address and name, and whether the address is confirmed, for the shop's own mails to them. */
export async function adminRecipients(db: Db): Promise<{ email: string; name: string; addressConfirmed: boolean }[]> {
  const rows = await db
    .selectFrom('users')
    .select(['email', 'name', 'email_verified'])
    .where('role', '=', 'admin')
    .orderBy('email')
    .execute();
  return rows.map(({ email, name, email_verified }) => ({ email, name, addressConfirmed: Boolean(email_verified) }));
}

/** The accounts of `ids` as mail recipients, by id (a removed account is missing). */
export async function recipientsByIds(
  db: Db,
  ids: readonly string[],
): Promise<Map<string, { email: string; name: string; addressConfirmed: boolean }>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('users')
    .select(['id', 'email', 'name', 'email_verified'])
    .where('id', 'in', [...ids])
    .execute();
  return new Map(
    rows.map(({ id, email, name, email_verified }) => [id, { email, name, addressConfirmed: Boolean(email_verified) }]),
  );
}

/** Whether the account proved its address its own (a removed account: no). */
export async function isAddressConfirmed(db: Db, userId: string | null): Promise<boolean> {
  if (userId === null) return false;
  const row = await db.selectFrom('users').select('email_verified').where('id', '=', userId).executeTakeFirst();
  return Boolean(row?.email_verified);
}

export async function countAdmins(db: Db): Promise<number> {
  const row = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('role', '=', 'admin')
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function updateRole(db: Db, id: string, role: string): Promise<void> {
  await db.updateTable('users').set({ role, updated_at: new Date().toISOString() }).where('id', '=', id).execute();
}

/**
 * What decides whether a buyer pays tax (#shared/order-totals `BuyerTaxStatus`): their VAT ID, whose
 * prefix names their country, and whether the shop recorded them tax exempt. Nothing for a removed user.
 */
export async function buyerTaxStatusOf(db: Db, userId: string | null): Promise<BuyerTaxStatus> {
  return buyerTaxStatusFrom(userId === null ? {} : await findTaxStatus(db, userId));
}

/** The buyer's VAT ID as stored (normalised) and the reason they are tax exempt; nulls for none or a removed user. */
export async function findTaxStatus(db: Db, userId: string): Promise<{ vatId: string | null; taxExemptReason: string | null }> {
  const row = await db.selectFrom('users').select(['vat_id', 'tax_exempt_reason']).where('id', '=', userId).executeTakeFirst();
  return { vatId: row?.vat_id ?? null, taxExemptReason: row?.tax_exempt_reason ?? null };
}

export async function updateVatId(db: Db, userId: string, vatId: string | null): Promise<void> {
  await db.updateTable('users').set({ vat_id: vatId, updated_at: new Date().toISOString() }).where('id', '=', userId).execute();
}

/** Records why the shop charges this buyer no tax; null charges them tax again. */
export async function updateTaxExemption(db: Db, userId: string, reason: string | null): Promise<void> {
  await db
    .updateTable('users')
    .set({ tax_exempt_reason: reason, updated_at: new Date().toISOString() })
    .where('id', '=', userId)
    .execute();
}
