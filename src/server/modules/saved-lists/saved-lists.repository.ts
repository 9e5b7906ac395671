import { SqliteAdapter, sql } from 'kysely';
import type { Db } from '../../db/database';
import type { SavedListItemRow, SavedListRow } from '../../db/schema';

/** A list with how many lines it has and the name of the member who made it (null once their account is gone). */
export type ListOverviewRow = SavedListRow & { item_count: number | string; created_by_name: string | null };

const withCountAndMaker = (db: Db) =>
  db
    .selectFrom('saved_lists')
    .leftJoin('users', 'users.id', 'saved_lists.created_by')
    .selectAll('saved_lists')
    .select((eb) => [
      'users.name as created_by_name',
      eb
        .selectFrom('saved_list_items')
        .select((inner) => inner.fn.countAll<number>().as('n'))
        .whereRef('saved_list_items.list_id', '=', 'saved_lists.id')
        .as('item_count'),
    ]);

/** The company's lists, the most recently changed first. */
export async function listsOfCompany(db: Db, companyId: string): Promise<ListOverviewRow[]> {
  const rows = await withCountAndMaker(db)
    .where('saved_lists.company_id', '=', companyId)
    .orderBy('saved_lists.updated_at', 'desc')
    .orderBy('saved_lists.id')
    .execute();
  return rows as ListOverviewRow[];
}

/** One list of the company; undefined for another company's list or none. */
export async function listOfCompany(db: Db, companyId: string, id: string): Promise<ListOverviewRow | undefined> {
  const row = await withCountAndMaker(db)
    .where('saved_lists.company_id', '=', companyId)
    .where('saved_lists.id', '=', id)
    .executeTakeFirst();
  return row as ListOverviewRow | undefined;
}

export async function itemsOfList(db: Db, listId: string): Promise<SavedListItemRow[]> {
  return db.selectFrom('saved_list_items').selectAll().where('list_id', '=', listId).orderBy('position').execute();
}

export async function countListsOfCompany(db: Db, companyId: string): Promise<number> {
  const row = await db
    .selectFrom('saved_lists')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('company_id', '=', companyId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * Holds the company's other list writes back until this transaction ends, so that counting its lists
 * and adding one are one step: an advisory lock on PostgreSQL; SQLite's one writer runs them in turn.
 */
export async function lockCompanyLists(trx: Db, companyId: string): Promise<void> {
  if (trx.getExecutor().adapter instanceof SqliteAdapter) return;
  await sql`select pg_advisory_xact_lock(hashtext(${`saved-lists:${companyId}`}))`.execute(trx);
}

export async function insertList(db: Db, row: SavedListRow): Promise<void> {
  await db.insertInto('saved_lists').values(row).execute();
}

export async function updateList(
  db: Db,
  companyId: string,
  id: string,
  changes: Partial<Pick<SavedListRow, 'name' | 'name_key'>> & { updated_at: string },
): Promise<boolean> {
  const result = await db
    .updateTable('saved_lists')
    .set(changes)
    .where('company_id', '=', companyId)
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** The list's lines become these, in this order. */
export async function replaceItems(
  db: Db,
  listId: string,
  items: readonly { partId: string; quantity: number }[],
): Promise<void> {
  await db.deleteFrom('saved_list_items').where('list_id', '=', listId).execute();
  if (items.length === 0) return;
  await db
    .insertInto('saved_list_items')
    .values(items.map((item, index) => ({ list_id: listId, part_id: item.partId, quantity: item.quantity, position: index + 1 })))
    .execute();
}

/** Deletes the company's list with its lines; answers whether it had one. */
export async function deleteList(db: Db, companyId: string, id: string): Promise<boolean> {
  const result = await db.deleteFrom('saved_lists').where('company_id', '=', companyId).where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
