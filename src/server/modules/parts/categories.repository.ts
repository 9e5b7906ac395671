import type { Db } from '../../db/database';
import type { CategoryRow } from '../../db/schema';

export interface CategoryWithCount extends CategoryRow {
  part_count: number;
}

/** Every category with its number of live parts (kept by triggers, migration 0013), by name. */
export async function listCategories(db: Db): Promise<CategoryWithCount[]> {
  const rows = await db
    .selectFrom('categories')
    .leftJoin('category_part_counts as counts', 'counts.category_id', 'categories.id')
    .selectAll('categories')
    .select('counts.live as part_count')
    .orderBy('name')
    .orderBy('id')
    .execute();
  return rows.map((row) => ({ ...row, part_count: Number(row.part_count ?? 0) }));
}

export async function findCategory(db: Db, id: string): Promise<CategoryRow | undefined> {
  return db.selectFrom('categories').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The categories of these ids, by id (one query for a page of parts). */
export async function categoriesByIds(db: Db, ids: readonly string[]): Promise<Map<string, CategoryRow>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await db.selectFrom('categories').selectAll().where('id', 'in', unique).execute();
  return new Map(rows.map((row) => [row.id, row]));
}

/** A category with this name (in any case) or this slug, other than `exceptId`. */
export async function findClashingCategory(
  db: Db,
  { name, slug }: { name?: string | undefined; slug?: string | undefined },
  exceptId?: string,
): Promise<CategoryRow | undefined> {
  if (name === undefined && slug === undefined) return undefined;
  let query = db
    .selectFrom('categories')
    .selectAll()
    .where((eb) =>
      eb.or([
        ...(name !== undefined ? [eb(eb.fn('lower', ['name']), '=', name.toLowerCase())] : []),
        ...(slug !== undefined ? [eb('slug', '=', slug)] : []),
      ]),
    );
  if (exceptId) query = query.where('id', '!=', exceptId);
  return query.executeTakeFirst();
}

export async function insertCategory(db: Db, row: CategoryRow): Promise<void> {
  await db.insertInto('categories').values(row).execute();
}

export async function updateCategory(
  db: Db,
  id: string,
  changes: Partial<Pick<CategoryRow, 'name' | 'slug' | 'updated_at'>>,
): Promise<CategoryRow | undefined> {
  const result = await db.updateTable('categories').set(changes).where('id', '=', id).executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0) return undefined;
  return findCategory(db, id);
}

/** How many live and archived parts are filed under a category. */
export async function countPartsInCategory(db: Db, id: string): Promise<{ live: number; archived: number }> {
  // Two counts, each read from its partial index (migration 0013), not one pass over the category's rows.
  const count = (archived: boolean) =>
    db
      .selectFrom('parts')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('category_id', '=', id)
      .where('archived_at', archived ? 'is not' : 'is', null)
      .executeTakeFirstOrThrow();
  const [live, archived] = await Promise.all([count(false), count(true)]);
  return { live: Number(live.n), archived: Number(archived.n) };
}

export async function deleteCategory(db: Db, id: string): Promise<boolean> {
  const result = await db.deleteFrom('categories').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
