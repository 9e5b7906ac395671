import { sql } from 'kysely';
import { type Db, isPostgres } from '../../db/database';
import type { PartSupersessionsTable } from '../../db/schema';

export type SupersessionRow = PartSupersessionsTable;

/** The supersessions of these numbers (as compared, `partNumberKey`), by that key. */
export async function supersessionsByKeys(db: Db, keys: readonly string[]): Promise<Map<string, SupersessionRow>> {
  const unique = [...new Set(keys)];
  if (unique.length === 0) return new Map();
  const rows = await db.selectFrom('part_supersessions').selectAll().where('from_key', 'in', unique).execute();
  return new Map(rows.map((row) => [row.from_key, { ...row, quantity_factor: Number(row.quantity_factor) }]));
}

/** The numbers a part replaces, the newest first. */
export async function supersessionsOfPart(db: Db, partId: string): Promise<SupersessionRow[]> {
  const rows = await db
    .selectFrom('part_supersessions')
    .selectAll()
    .where('to_part_id', '=', partId)
    .orderBy('created_at', 'desc')
    .orderBy('from_key')
    .execute();
  return rows.map((row) => ({ ...row, quantity_factor: Number(row.quantity_factor) }));
}

export async function insertSupersession(db: Db, row: SupersessionRow): Promise<void> {
  await db.insertInto('part_supersessions').values(row).execute();
}

/** Answers whether the part replaced that number. */
export async function deleteSupersession(db: Db, partId: string, fromKey: string): Promise<boolean> {
  const result = await db
    .deleteFrom('part_supersessions')
    .where('to_part_id', '=', partId)
    .where('from_key', '=', fromKey)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/**
 * Saving a supersession reads the chains, then writes: one step across admins, so two saved at once
 * cannot close a circle between them. An advisory lock on PostgreSQL; SQLite's one writer runs them in turn.
 */
export async function lockSupersessions(trx: Db): Promise<void> {
  if (isPostgres(trx)) await sql`select pg_advisory_xact_lock(hashtext(${'part-supersessions'}))`.execute(trx);
}
