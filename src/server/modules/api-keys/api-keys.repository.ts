import type { Db } from '../../db/database';
import type { ApiKeysTable } from '../../db/schema';

export type ApiKeyRow = ApiKeysTable;

export async function insertApiKey(db: Db, row: ApiKeyRow): Promise<void> {
  await db.insertInto('api_keys').values(row).execute();
}

/** The live keys of one company, or of the shop (null), newest first. */
export async function liveKeysOf(db: Db, companyId: string | null): Promise<ApiKeyRow[]> {
  const query = db.selectFrom('api_keys').selectAll().where('revoked_at', 'is', null);
  return (companyId === null ? query.where('company_id', 'is', null) : query.where('company_id', '=', companyId))
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .execute();
}

/** Revokes the key when it is the owner's; true when the owner has such a key (revoked now or before). */
export async function revokeKey(db: Db, companyId: string | null, id: string, at: string): Promise<boolean> {
  const found = await (
    companyId === null
      ? db.selectFrom('api_keys').select('id').where('id', '=', id).where('company_id', 'is', null)
      : db.selectFrom('api_keys').select('id').where('id', '=', id).where('company_id', '=', companyId)
  ).executeTakeFirst();
  if (!found) return false;
  await db.updateTable('api_keys').set({ revoked_at: at }).where('id', '=', id).where('revoked_at', 'is', null).execute();
  return true;
}

/** The live key whose secret hashes to `hash`. */
export async function liveKeyByHash(db: Db, hash: string): Promise<ApiKeyRow | undefined> {
  return db.selectFrom('api_keys').selectAll().where('secret_hash', '=', hash).where('revoked_at', 'is', null).executeTakeFirst();
}

/** Records a use unless one was recorded since `notBefore`: one write a minute, whichever node answers. */
export async function touchKey(db: Db, id: string, at: string, notBefore: string): Promise<void> {
  await db
    .updateTable('api_keys')
    .set({ last_used_at: at })
    .where('id', '=', id)
    .where((eb) => eb.or([eb('last_used_at', 'is', null), eb('last_used_at', '<', notBefore)]))
    .execute();
}
