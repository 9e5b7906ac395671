import type { Insertable, InsertResult, OnConflictBuilder, OnConflictDoNothingBuilder } from 'kysely';
import { markOrderPaidWithInvoice } from '../../modules/orders';
import type { Db } from '../database';
import type {
  BlogPostsTable,
  CategoriesTable,
  Database,
  OrderLinesTable,
  OrderRow,
  PartFitmentsTable,
  PartsTable,
  ReviewsTable,
  SettingsTable,
  VehiclesTable,
} from '../schema';

/** A row whose id is taken stays as it is. */
function keepExisting<Table extends DemoTable | 'settings'>(
  oc: OnConflictBuilder<Database, Table>,
): OnConflictDoNothingBuilder<Database, Table> {
  return oc.column('id').doNothing();
}

/** The tables the demo catalogue fills, each keyed by the deterministic ids of the seed. */
export type DemoTable = 'parts' | 'reviews' | 'blog_posts';

/** Which of these ids `table` already holds. */
export async function existingIds(db: Db, table: DemoTable, ids: readonly string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db.selectFrom(table).select('id').where('id', 'in', ids).execute();
  return new Set(rows.map((row) => row.id));
}

/** Whether the shop was ever seeded (its settings row exists) and whether it has any account. */
export async function whatTheShopHas(db: Db): Promise<{ settings: boolean; anyUser: boolean }> {
  const [settings, anyUser] = await Promise.all([
    db.selectFrom('settings').select('id').executeTakeFirst(),
    db.selectFrom('users').select('id').limit(1).executeTakeFirst(),
  ]);
  return { settings: settings !== undefined, anyUser: anyUser !== undefined };
}

/**
 * Writes the demo rows in one transaction, each only where it is not there yet, and answers how many
 * it added. A row an admin changed stays as it is: categories and parts are skipped on any clash (their
 * id, a category's slug, a part's SKU taken by a part of the admin's), a part goes under the category
 * that holds its slug, and a review of a part that was skipped is skipped with it.
 */
export async function insertMissingDemoRows(
  db: Db,
  rows: {
    categories: CategoriesTable[];
    /** `category_id` holds the category's slug; the stored category's id replaces it. */
    parts: (PartsTable & { stock: number })[];
    reviews: ReviewsTable[];
    posts: BlogPostsTable[];
    settings: Insertable<SettingsTable>;
    vehicles: VehiclesTable[];
    /** Each part's list in order (`position` is given by it); only a part that fits nothing yet gets its list. */
    fitments: Omit<PartFitmentsTable, 'position'>[];
  },
): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const added = (result: InsertResult) => Number(result.numInsertedOrUpdatedRows ?? 0n);
    let count = 0;
    if (rows.categories.length > 0) {
      count += added(
        await trx
          .insertInto('categories')
          .values(rows.categories)
          .onConflict((oc) => oc.doNothing())
          .executeTakeFirstOrThrow(),
      );
    }
    if (rows.parts.length > 0) {
      const slugs = [...new Set(rows.parts.map((part) => part.category_id))];
      const stored = await trx.selectFrom('categories').select(['id', 'slug']).where('slug', 'in', slugs).execute();
      const idOfSlug = new Map(stored.map((category) => [category.slug, category.id]));
      const parts = rows.parts.flatMap(({ stock, ...part }) => {
        const categoryId = idOfSlug.get(part.category_id);
        return categoryId ? [{ row: { ...part, category_id: categoryId }, stock }] : [];
      });
      if (parts.length > 0) {
        count += added(
          await trx
            .insertInto('parts')
            .values(parts.map((part) => part.row))
            .onConflict((oc) => oc.doNothing())
            .executeTakeFirstOrThrow(),
        );
        // A part already there keeps the stock it has; one not written (its SKU taken by the shop's own part) has none.
        const written = new Set(
          (
            await trx
              .selectFrom('parts')
              .select('id')
              .where(
                'id',
                'in',
                parts.map(({ row }) => row.id),
              )
              .execute()
          ).map((part) => part.id),
        );
        const stocks = parts.filter(({ row }) => written.has(row.id)).map(({ row, stock }) => ({ part_id: row.id, stock }));
        if (stocks.length > 0)
          await trx
            .insertInto('part_stock')
            .values(stocks)
            .onConflict((oc) => oc.doNothing())
            .execute();
      }
    }
    const partIds = [...new Set(rows.reviews.flatMap((review) => (review.part_id ? [review.part_id] : [])))];
    const storedParts =
      partIds.length > 0
        ? new Set((await trx.selectFrom('parts').select('id').where('id', 'in', partIds).execute()).map((part) => part.id))
        : new Set<string>();
    const reviews = rows.reviews.filter((review) => review.part_id === null || storedParts.has(review.part_id));
    if (reviews.length > 0) {
      count += added(await trx.insertInto('reviews').values(reviews).onConflict(keepExisting).executeTakeFirstOrThrow());
    }
    if (rows.posts.length > 0) {
      count += added(await trx.insertInto('blog_posts').values(rows.posts).onConflict(keepExisting).executeTakeFirstOrThrow());
    }
    count += added(await trx.insertInto('settings').values(rows.settings).onConflict(keepExisting).executeTakeFirstOrThrow());
    if (rows.vehicles.length > 0) {
      // Skipped on any clash: its id, or an admin's vehicle of the same make, model, engine and first year.
      count += added(
        await trx
          .insertInto('vehicles')
          .values(rows.vehicles)
          .onConflict((oc) => oc.doNothing())
          .executeTakeFirstOrThrow(),
      );
    }
    const fitments = await fitmentsToAdd(trx, rows.fitments);
    if (fitments.length > 0) {
      count += added(await trx.insertInto('part_fitments').values(fitments).executeTakeFirstOrThrow());
    }
    return count;
  });
}

/**
 * The demo fitments to write: those of demo parts that are stored and fit nothing yet (a list an
 * admin made stays as it is), to vehicles that are stored, within the years the vehicle has now.
 */
async function fitmentsToAdd(db: Db, planned: Omit<PartFitmentsTable, 'position'>[]): Promise<PartFitmentsTable[]> {
  if (planned.length === 0) return [];
  const partIds = [...new Set(planned.map((row) => row.part_id))];
  const vehicleIds = [...new Set(planned.map((row) => row.vehicle_id))];
  const [parts, fitted, vehicles] = await Promise.all([
    db.selectFrom('parts').select('id').where('id', 'in', partIds).execute(),
    db.selectFrom('part_fitments').select('part_id').distinct().where('part_id', 'in', partIds).execute(),
    db.selectFrom('vehicles').select(['id', 'year_from', 'year_to']).where('id', 'in', vehicleIds).execute(),
  ]);
  const hasList = new Set(fitted.map((row) => row.part_id));
  const open = new Set(parts.map((row) => row.id).filter((id) => !hasList.has(id)));
  const yearsOf = new Map(vehicles.map((vehicle) => [vehicle.id, vehicle]));
  const positions = new Map<string, number>();
  return planned.flatMap((row) => {
    const vehicle = yearsOf.get(row.vehicle_id);
    if (!open.has(row.part_id) || !vehicle) return [];
    const yearFrom = Math.max(row.year_from, vehicle.year_from);
    const yearTo = Math.min(row.year_to, vehicle.year_to);
    if (yearFrom > yearTo) return [];
    const position = positions.get(row.part_id) ?? 0;
    positions.set(row.part_id, position + 1);
    return [{ ...row, year_from: yearFrom, year_to: yearTo, position }];
  });
}

/** The stored demo parts among these ids, with what an order's line copies of them. */
export async function storedParts(
  db: Db,
  ids: readonly string[],
): Promise<Map<string, { id: string; sku: string; name: string; image_url: string; price_cents: number; price_tiers: string }>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('parts')
    .select(['id', 'sku', 'name', 'image_url', 'price_cents', 'price_tiers'])
    .where('id', 'in', [...ids])
    .execute();
  return new Map(rows.map((row) => [row.id, row]));
}

/** The id of the account with this address, if there is one. */
export async function userIdByEmail(db: Db, email: string): Promise<string | null> {
  const row = await db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirst();
  return row?.id ?? null;
}

/**
 * Writes the demo orders that are not there yet, oldest first, in one transaction, and answers how
 * many it added. Each is written unpaid and paid as a payment pays one (its invoice number the next
 * of its year), then moved on to shipped or delivered: the shop's counters and invoice sequence follow
 * as they do for any order. One that expired unpaid is written cancelled.
 */
export async function insertMissingDemoOrders(
  db: Db,
  orders: readonly { row: OrderRow; lines: OrderLinesTable[]; status: string; paidAt: string | null }[],
): Promise<number> {
  if (orders.length === 0) return 0;
  return db.transaction().execute(async (trx) => {
    let count = 0;
    const oldestFirst = [...orders].sort((a, b) => (a.row.created_at < b.row.created_at ? -1 : 1));
    for (const { row, lines, status, paidAt } of oldestFirst) {
      const inserted = await trx
        .insertInto('orders')
        .values(row)
        .onConflict((oc) => oc.column('id').doNothing())
        .executeTakeFirst();
      if (Number(inserted.numInsertedOrUpdatedRows ?? 0n) === 0) continue;
      count += 1;
      await trx.insertInto('order_lines').values(lines).execute();
      if (paidAt === null) continue;
      await markOrderPaidWithInvoice(trx, row.id, `demo_${row.id.slice(0, 8)}`, paidAt);
      if (status === 'shipped' || status === 'delivered') {
        await trx
          .updateTable('orders')
          .set({ status, updated_at: paidAt, delivered_at: status === 'delivered' ? paidAt : null })
          .where('id', '=', row.id)
          .execute();
      }
    }
    return count;
  });
}
