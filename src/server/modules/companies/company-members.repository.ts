import type { Updateable } from 'kysely';
import type { Db } from '../../db/database';
import type { CompanyAddressesTable, CompanyAddressRow, CompanyInvitationRow, CompanyMemberRow } from '../../db/schema';

/** The company's invitations not yet accepted nor expired at `now`, oldest first. */
export async function pendingInvitationsOf(db: Db, companyId: string, now: string): Promise<CompanyInvitationRow[]> {
  return db
    .selectFrom('company_invitations')
    .selectAll()
    .where('company_id', '=', companyId)
    .where('accepted_at', 'is', null)
    .where('expires_at', '>', now)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

export async function countPendingInvitations(db: Db, companyId: string, now: string): Promise<number> {
  const row = await db
    .selectFrom('company_invitations')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('company_id', '=', companyId)
    .where('accepted_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Forgets the address's invitations that were never accepted (a new one replaces them). */
export async function deleteUnacceptedInvitations(db: Db, companyId: string, email: string): Promise<void> {
  await db
    .deleteFrom('company_invitations')
    .where('company_id', '=', companyId)
    .where('email', '=', email)
    .where('accepted_at', 'is', null)
    .execute();
}

export async function insertInvitation(db: Db, row: CompanyInvitationRow): Promise<void> {
  await db.insertInto('company_invitations').values(row).execute();
}

export async function invitationByTokenHash(db: Db, tokenHash: string) {
  return db
    .selectFrom('company_invitations')
    .innerJoin('companies', 'companies.id', 'company_invitations.company_id')
    .selectAll('company_invitations')
    .select(['companies.name as company_name', 'companies.status as company_status'])
    .where('company_invitations.token_hash', '=', tokenHash)
    .executeTakeFirst();
}

/**
 * Marks the invitation used, if nobody has yet: the one conditional write that makes a link single
 * use when two accepts race (the second finds `accepted_at` set and changes nothing). True when this call took it.
 */
export async function takeInvitation(db: Db, id: string, userId: string, now: string): Promise<boolean> {
  const result = await db
    .updateTable('company_invitations')
    .set({ accepted_at: now, accepted_by: userId })
    .where('id', '=', id)
    .where('accepted_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Deletes a pending invitation of the company; false when it has none with this id. */
export async function deletePendingInvitation(db: Db, companyId: string, id: string): Promise<boolean> {
  const result = await db
    .deleteFrom('company_invitations')
    .where('id', '=', id)
    .where('company_id', '=', companyId)
    .where('accepted_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

export async function userIdByEmail(db: Db, email: string): Promise<string | undefined> {
  const row = await db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirst();
  return row?.id;
}

export async function insertMember(db: Db, row: CompanyMemberRow): Promise<void> {
  await db.insertInto('company_members').values(row).execute();
}

export async function memberOf(db: Db, companyId: string, userId: string): Promise<CompanyMemberRow | undefined> {
  return db
    .selectFrom('company_members')
    .selectAll()
    .where('company_id', '=', companyId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

export async function countAdmins(db: Db, companyId: string): Promise<number> {
  const row = await db
    .selectFrom('company_members')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('company_id', '=', companyId)
    .where('role', '=', 'company_admin')
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function updateMember(
  db: Db,
  companyId: string,
  userId: string,
  changes: Updateable<Pick<CompanyMemberRow, 'role' | 'order_limit_cents'>>,
): Promise<void> {
  await db
    .updateTable('company_members')
    .set(changes)
    .where('company_id', '=', companyId)
    .where('user_id', '=', userId)
    .execute();
}

export async function deleteMember(db: Db, companyId: string, userId: string): Promise<void> {
  await db.deleteFrom('company_members').where('company_id', '=', companyId).where('user_id', '=', userId).execute();
}

export async function addressOf(db: Db, companyId: string, id: string): Promise<CompanyAddressRow | undefined> {
  return db
    .selectFrom('company_addresses')
    .selectAll()
    .where('company_id', '=', companyId)
    .where('id', '=', id)
    .executeTakeFirst();
}

export async function countAddresses(db: Db, companyId: string): Promise<number> {
  const row = await db
    .selectFrom('company_addresses')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('company_id', '=', companyId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function insertAddress(db: Db, row: CompanyAddressRow): Promise<void> {
  await db.insertInto('company_addresses').values(row).execute();
}

export async function updateAddress(
  db: Db,
  companyId: string,
  id: string,
  changes: Updateable<Pick<CompanyAddressesTable, 'label' | 'phone' | 'address'>>,
): Promise<void> {
  await db.updateTable('company_addresses').set(changes).where('company_id', '=', companyId).where('id', '=', id).execute();
}

export async function deleteAddress(db: Db, companyId: string, id: string): Promise<void> {
  await db.deleteFrom('company_addresses').where('company_id', '=', companyId).where('id', '=', id).execute();
}
