import { type Db, isPostgres } from '../../db/database';

/**
 * A live part's stock and minimum order, for a customer asking to be told when it is back. On
 * PostgreSQL the stock's row is locked until the request commits: a restock waits for it, and then
 * finds the request to mail (SQLite runs one writer at a time). Undefined: no such live part.
 */
export async function lockLivePartStock(
  db: Db,
  partId: string,
): Promise<{ stock: number; minOrderQuantity: number } | undefined> {
  let query = db
    .selectFrom('part_stock')
    .innerJoin('parts', 'parts.id', 'part_stock.part_id')
    .select(['part_stock.stock', 'parts.min_order_quantity'])
    .where('part_stock.part_id', '=', partId)
    .where('parts.archived_at', 'is', null);
  if (isPostgres(db)) query = query.forUpdate('part_stock');
  const row = await query.executeTakeFirst();
  return row ? { stock: row.stock, minOrderQuantity: row.min_order_quantity } : undefined;
}

export async function hasStockAlert(db: Db, userId: string, partId: string): Promise<boolean> {
  const row = await db
    .selectFrom('stock_alerts')
    .select('part_id')
    .where('user_id', '=', userId)
    .where('part_id', '=', partId)
    .executeTakeFirst();
  return row !== undefined;
}

export async function countStockAlertsOf(db: Db, userId: string): Promise<number> {
  const row = await db
    .selectFrom('stock_alerts')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Records the request; one already there stays as it was (asked twice is asked once). */
export async function insertStockAlert(db: Db, alert: { userId: string; partId: string; now: string }): Promise<void> {
  await db
    .insertInto('stock_alerts')
    .values({ user_id: alert.userId, part_id: alert.partId, created_at: alert.now })
    .onConflict((oc) => oc.columns(['user_id', 'part_id']).doNothing())
    .execute();
}

/**
 * Deletes the customer's request for the part, if any; answers whether the part exists (live or
 * archived), so that an id naming nothing is told apart from a request already gone.
 */
export async function deleteStockAlert(db: Db, userId: string, partId: string): Promise<boolean> {
  await db.deleteFrom('stock_alerts').where('user_id', '=', userId).where('part_id', '=', partId).execute();
  const part = await db.selectFrom('parts').select('id').where('id', '=', partId).executeTakeFirst();
  return part !== undefined;
}

/** The customer's waiting requests, the newest first. */
export function stockAlertsOf(db: Db, userId: string) {
  return db
    .selectFrom('stock_alerts')
    .select(['part_id', 'created_at'])
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .orderBy('part_id')
    .execute();
}

/**
 * Of `partIds`, the live parts that can be ordered again (stock above 0 and covering the minimum
 * order, as `isInStock` says), with their waiting requests, which are deleted: the caller writes
 * their mails in the same transaction. The delete is the claim: of two transactions returning stock
 * to a part at once, the second waits for the first's stock row (PostgreSQL) or runs after it
 * (SQLite), and finds no request left.
 */
export async function claimStockAlerts(
  trx: Db,
  partIds: readonly string[],
): Promise<{ part: { id: string; name: string; sku: string }; userIds: string[] }[]> {
  if (partIds.length === 0) return [];
  const orderable = await trx
    .selectFrom('parts')
    .innerJoin('part_stock', 'part_stock.part_id', 'parts.id')
    .select(['parts.id', 'parts.name', 'parts.sku'])
    .where('parts.id', 'in', [...new Set(partIds)])
    .where('parts.archived_at', 'is', null)
    .where('part_stock.stock', '>', 0)
    .whereRef('part_stock.stock', '>=', 'parts.min_order_quantity')
    .orderBy('parts.id')
    .execute();
  if (orderable.length === 0) return [];
  const claimed = await trx
    .deleteFrom('stock_alerts')
    .where(
      'part_id',
      'in',
      orderable.map((part) => part.id),
    )
    .returning(['part_id', 'user_id'])
    .execute();
  return orderable
    .map((part) => ({
      part,
      userIds: claimed
        .filter((row) => row.part_id === part.id)
        .map((row) => row.user_id)
        .sort(),
    }))
    .filter(({ userIds }) => userIds.length > 0);
}
