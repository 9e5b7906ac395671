import type { Db } from '../../db/database';

/**
 * Spends the part's low-stock alert for a mail written now, if it may be: it is armed (never mailed,
 * or re-armed by an admin's restock since) and its last mail is older than `lastMailedBy`. Answers
 * whether it was spent, that is whether the admins are mailed. One conditional upsert: of two
 * transactions spending it at once, the second waits for the first's row (PostgreSQL) or runs after
 * it (SQLite), and finds it spent.
 */
export async function spendLowStockAlert(
  db: Db,
  { partId, now, lastMailedBy }: { partId: string; now: string; lastMailedBy: string },
) {
  const spent = await db
    .insertInto('low_stock_alerts')
    .values({ part_id: partId, mailed_at: now, rearmed_at: null })
    .onConflict((oc) =>
      oc
        .column('part_id')
        .doUpdateSet({ mailed_at: now, rearmed_at: null })
        .where('low_stock_alerts.rearmed_at', 'is not', null)
        .where('low_stock_alerts.mailed_at', '<=', lastMailedBy),
    )
    .returning('part_id')
    .executeTakeFirst();
  return spent !== undefined;
}

/** Arms the part's spent low-stock alert again (an admin restocked it); one never spent is armed already. */
export async function rearmLowStockAlert(db: Db, partId: string, now: string): Promise<void> {
  await db
    .updateTable('low_stock_alerts')
    .set({ rearmed_at: now })
    .where('part_id', '=', partId)
    .where('rearmed_at', 'is', null)
    .execute();
}
