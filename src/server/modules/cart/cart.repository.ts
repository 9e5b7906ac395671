import { SqliteAdapter, sql } from 'kysely';
import type { Db } from '../../db/database';
import type { CartLineRow } from '../../db/schema';

/** A customer's cart lines, in the order they were added. */
export async function cartLinesOf(db: Db, userId: string): Promise<CartLineRow[]> {
  return db.selectFrom('cart_lines').selectAll().where('user_id', '=', userId).orderBy('position').execute();
}

/**
 * Holds the customer's other cart changes back until this transaction ends, so a read of the cart and
 * the writes that follow from it are one step: a transaction-scoped advisory lock on PostgreSQL; on
 * SQLite the one writer already runs transactions one at a time.
 */
export async function lockCart(trx: Db, userId: string): Promise<void> {
  if (trx.getExecutor().adapter instanceof SqliteAdapter) return;
  await sql`select pg_advisory_xact_lock(hashtext(${`cart:${userId}`}))`.execute(trx);
}

/**
 * Sets a line's quantity and price, adding the line when the cart does not have the part yet. A line
 * added by a replaced number keeps that number (`ordered_number`), which its order keeps in turn.
 */
export async function putCartLine(
  db: Db,
  line: Pick<CartLineRow, 'user_id' | 'part_id' | 'quantity' | 'unit_price_cents'> & { ordered_number?: string | null },
  now: string,
): Promise<void> {
  // A new line goes last (the caller holds the cart's lock, so two additions never share a position).
  const position = sql<number>`(select coalesce(max(position), 0) + 1 from cart_lines where user_id = ${line.user_id})`;
  await db
    .insertInto('cart_lines')
    .values({ ...line, position, added_at: now, updated_at: now })
    .onConflict((oc) =>
      oc.columns(['user_id', 'part_id']).doUpdateSet({
        quantity: line.quantity,
        unit_price_cents: line.unit_price_cents,
        updated_at: now,
        ...(line.ordered_number !== undefined ? { ordered_number: line.ordered_number } : {}),
      }),
    )
    .execute();
}

/** Takes a line out of the cart; answers whether the cart had it. */
export async function deleteCartLine(db: Db, userId: string, partId: string): Promise<boolean> {
  const result = await db.deleteFrom('cart_lines').where('user_id', '=', userId).where('part_id', '=', partId).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** Takes these parts out of the customer's cart (they were just ordered), or every line when `partIds` is absent. */
export async function deleteCartLines(db: Db, userId: string, partIds?: readonly string[]): Promise<void> {
  if (partIds !== undefined && partIds.length === 0) return;
  await cartLinesDeletion(db, userId, partIds).execute();
}

/** The delete of `deleteCartLines`, not yet made. */
export function cartLinesDeletion(db: Db, userId: string, partIds?: readonly string[]) {
  const query = db.deleteFrom('cart_lines').where('user_id', '=', userId);
  return partIds ? query.where('part_id', 'in', [...partIds]) : query;
}

/** The replaced numbers the customer's cart lines were added by, by part (the order keeps them). */
export async function orderedNumbersOf(db: Db, userId: string, partIds: readonly string[]): Promise<Map<string, string>> {
  if (partIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('cart_lines')
    .select(['part_id', 'ordered_number'])
    .where('user_id', '=', userId)
    .where('part_id', 'in', [...partIds])
    .where('ordered_number', 'is not', null)
    .execute();
  return new Map(rows.map((row) => [row.part_id, row.ordered_number!]));
}
