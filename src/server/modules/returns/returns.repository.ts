import { type Db, isPostgres } from '../../db/database';
import { fetchPage, type PageRequest } from '../../db/pagination';
import type { ReturnCondition, ReturnLineRow, ReturnRow, ReturnStatus, ReturnsTable } from '../../db/schema';
import { type Insertable, sql, type Updateable } from 'kysely';
import { nextYearlyNumber } from '../orders';

/** The next return number of `year` (`RMA-2026-000045`), in the caller's transaction: no gap, no duplicate. */
export function nextReturnNumber(trx: Db, year: number): Promise<string> {
  return nextYearlyNumber(trx, 'return_sequences', 'RMA', year);
}

export async function insertReturn(trx: Db, row: Insertable<ReturnsTable>, lines: readonly ReturnLineRow[]): Promise<void> {
  await trx.insertInto('returns').values(row).execute();
  await trx
    .insertInto('return_lines')
    .values([...lines])
    .execute();
}

export async function findReturn(db: Db, id: string): Promise<ReturnRow | undefined> {
  return db.selectFrom('returns').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The return's row, locked until the caller commits on PostgreSQL (SQLite writes one transaction at a time). */
export async function lockReturn(trx: Db, id: string): Promise<ReturnRow | undefined> {
  const query = trx.selectFrom('returns').selectAll().where('id', '=', id);
  return (isPostgres(trx) ? query.forUpdate() : query).executeTakeFirst();
}

/** The lines of these returns, by return, in the order's line order, in one query. */
export async function linesOfReturns(db: Db, ids: readonly string[]): Promise<Map<string, ReturnLineRow[]>> {
  const byReturn = new Map<string, ReturnLineRow[]>();
  if (ids.length === 0) return byReturn;
  const rows = await db
    .selectFrom('return_lines')
    .selectAll()
    .where('return_id', 'in', [...ids])
    .orderBy('return_id')
    .orderBy('line_position')
    .execute();
  for (const row of rows) byReturn.set(row.return_id, [...(byReturn.get(row.return_id) ?? []), row]);
  return byReturn;
}

/** What the order's earlier returns that were not refused hold, by line position. */
export async function heldByReturns(db: Db, orderId: string): Promise<Map<number, number>> {
  const rows = await db
    .selectFrom('return_lines')
    .innerJoin('returns', 'returns.id', 'return_lines.return_id')
    .select(['return_lines.line_position', (eb) => eb.fn.sum<number | string>('return_lines.quantity').as('held')])
    .where('return_lines.order_id', '=', orderId)
    .where('returns.status', '!=', 'refused')
    .groupBy('return_lines.line_position')
    .execute();
  // PostgreSQL answers a bigint sum as text.
  return new Map(rows.map((row) => [Number(row.line_position), Number(row.held)]));
}

/** Which returns a caller lists: their own and their orders', their company's, or every one (a shop admin). */
export type ReturnScope =
  { kind: 'all' } | { kind: 'user'; userId: string } | { kind: 'company'; companyId: string; userId: string };

export async function listReturns(
  db: Db,
  scope: ReturnScope,
  { status, orderId, ...page }: PageRequest & { status?: ReturnStatus | undefined; orderId?: string | undefined },
): Promise<{ rows: ReturnRow[]; total: number }> {
  let base = db.selectFrom('returns');
  if (scope.kind === 'user') {
    const { userId } = scope;
    // A buyer's list holds the returns of their orders too, when their company admin asked for them.
    base = base.where((eb) =>
      eb.or([
        eb('requested_by', '=', userId),
        eb('order_id', 'in', eb.selectFrom('orders').select('orders.id').where('orders.user_id', '=', userId)),
      ]),
    );
  }
  if (scope.kind === 'company') {
    const { companyId, userId } = scope;
    base = base.where((eb) => eb.or([eb('company_id', '=', companyId), eb('requested_by', '=', userId)]));
  }
  if (status) base = base.where('status', '=', status);
  if (orderId) base = base.where('order_id', '=', orderId);
  return fetchPage(
    base.selectAll().orderBy('requested_at', 'desc').orderBy('id', 'desc'),
    base.select((eb) => eb.fn.countAll<number>().as('total')),
    page,
  );
}

/**
 * Moves a return from the state `from` and writes `changes` in one conditional statement: answers the
 * row as it is after, or undefined when it was not in `from` (nothing changed).
 */
export async function moveReturn(
  trx: Db,
  id: string,
  from: ReturnStatus,
  changes: Updateable<ReturnsTable>,
): Promise<ReturnRow | undefined> {
  return trx
    .updateTable('returns')
    .set(changes)
    .where('id', '=', id)
    .where('status', '=', from)
    .returningAll()
    .executeTakeFirst();
}

export async function setLineConditions(
  trx: Db,
  returnId: string,
  conditions: readonly { position: number; condition: ReturnCondition }[],
): Promise<void> {
  for (const { position, condition } of conditions) {
    await trx
      .updateTable('return_lines')
      .set({ condition })
      .where('return_id', '=', returnId)
      .where('line_position', '=', position)
      .execute();
  }
}

/** Records the provider's refund of a credited return, once. */
export async function markReturnRefunded(db: Db, id: string, refundId: string, now: string): Promise<void> {
  await db
    .updateTable('returns')
    .set({ refund_id: refundId, refunded_at: now, updated_at: now })
    .where('id', '=', id)
    .where('status', '=', 'credited')
    .where('refunded_at', 'is', null)
    .execute();
}

/** Credited returns of card orders whose refund is not recorded yet: a refund a crash or the provider lost. */
export async function creditedReturnsNotRefunded(db: Db, limit: number): Promise<string[]> {
  const rows = await db
    .selectFrom('returns')
    .select('id')
    .where('status', '=', 'credited')
    .where('refunded_at', 'is', null)
    .where('refund_method', '=', 'card')
    .where('refund_cents', '>', 0)
    .orderBy('credited_at')
    .limit(limit)
    .execute();
  return rows.map((row) => row.id);
}

/** The lines the order's credited returns and the return `crediting` hold. */
export async function returnedLinesOfOrder(db: Db, orderId: string, crediting: string): Promise<ReturnLineRow[]> {
  return db
    .selectFrom('return_lines')
    .innerJoin('returns', 'returns.id', 'return_lines.return_id')
    .selectAll('return_lines')
    .where('return_lines.order_id', '=', orderId)
    .where((eb) => eb.or([eb('returns.status', '=', 'credited'), eb('returns.id', '=', crediting)]))
    .execute();
}

/**
 * The return lines asked for from `since` (an ISO time) on, refused ones included, and their units, by
 * reason: why customers send goods back, for the overview.
 */
export async function returnLinesByReason(
  db: Db,
  since: string,
): Promise<{ reason: ReturnLineRow['reason']; lines: number; units: number }[]> {
  const rows = await db
    .selectFrom('return_lines')
    .innerJoin('returns', 'returns.id', 'return_lines.return_id')
    .select((eb) => [
      'return_lines.reason',
      eb.fn.countAll<number | string>().as('lines'),
      eb.fn.sum<number | string>('return_lines.quantity').as('units'),
    ])
    .where('returns.requested_at', '>=', since)
    .groupBy('return_lines.reason')
    .execute();
  return rows.map((row) => ({ reason: row.reason, lines: Number(row.lines), units: Number(row.units) }));
}

/**
 * What the core deposits still open come to, in cents, net of tax: those charged on paid, confirmed,
 * shipped or delivered orders, less the units a credited core return settled (refunded when
 * rebuildable, kept by the shop when damaged). Cancelled and declined orders hold none.
 */
export async function openCoreDepositsCents(db: Db): Promise<number> {
  const row = await db
    .selectFrom('order_lines')
    .innerJoin('orders', 'orders.id', 'order_lines.order_id')
    .select(
      sql<number | string | null>`sum(order_lines.unit_price_cents * (order_lines.quantity - coalesce((
        select sum(rl.quantity) from return_lines rl join returns r on r.id = rl.return_id
        where rl.order_id = order_lines.order_id and rl.line_position = order_lines.position
          and rl.reason = 'core' and r.status = 'credited'), 0)))`.as('cents'),
    )
    .where('order_lines.kind', '=', 'core')
    .where('orders.status', 'in', ['paid', 'confirmed', 'shipped', 'delivered'])
    .executeTakeFirst();
  return Number(row?.cents ?? 0);
}
