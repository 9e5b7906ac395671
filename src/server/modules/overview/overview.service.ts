import { orderStatusValues } from '#shared/schemas/orders';
import { OVERVIEW_LIST_LENGTH, type Overview, type OverviewDays } from '#shared/schemas/overview';
import type { Clock } from '../../clock';
import type { Db } from '../../db/database';
import { countOrdersByStatus, salesByDay, salesOfParts } from '../orders';
import { lowStockLineOf, lowStockParts, topSearchMisses, topSellingParts } from '../parts';
import { openCoreDepositsCents, returnLinesByReason } from '../returns';
import { returnReasonValues } from '#shared/schemas/returns';

const DAY_MS = 86_400_000;

/** The `YYYY-MM-DD` dates of the `days` days up to today (UTC), oldest first. */
function datesUpTo(today: Date, days: number): string[] {
  const last = Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate());
  return Array.from({ length: days }, (_, i) => new Date(last - (days - 1 - i) * DAY_MS).toISOString().slice(0, 10));
}

/**
 * The admin's overview (docs/shop-rules.md, "Running the business"): every figure comes from a counter
 * or an index the database keeps (per-day sales, per-status counts, units sold, the low-stock index),
 * so it costs the same at a million orders as at ten.
 */
export function createOverviewService(db: Db, { clock }: { clock: Clock }) {
  return {
    async overview(days: OverviewDays): Promise<Overview> {
      const dates = datesUpTo(clock.now(), days);
      const since = dates[0] ?? '';
      const [sales, statuses, top, low, misses, reasons, openDeposits] = await Promise.all([
        salesByDay(db, since),
        countOrdersByStatus(db),
        topSellingParts(db, OVERVIEW_LIST_LENGTH),
        lowStockParts(db, OVERVIEW_LIST_LENGTH),
        topSearchMisses(db, { since: `${since}T00:00:00.000Z`, limit: OVERVIEW_LIST_LENGTH }),
        returnLinesByReason(db, `${since}T00:00:00.000Z`),
        openCoreDepositsCents(db),
      ]);
      const salesOfTop = await salesOfParts(
        db,
        top.map((part) => part.id),
      );
      const byDay = new Map(sales.map((day) => [day.day, day]));
      return {
        days,
        revenueByDay: dates.map((date) => ({ date, cents: byDay.get(date)?.cents ?? 0, orders: byDay.get(date)?.orders ?? 0 })),
        ordersByStatus: Object.fromEntries(
          orderStatusValues.map((status) => [status, statuses.get(status) ?? 0]),
        ) as Overview['ordersByStatus'],
        topParts: top.map((part) => ({
          partId: part.id,
          name: part.name,
          sku: part.sku,
          units: part.units_sold,
          cents: salesOfTop.get(part.id) ?? 0,
        })),
        lowStock: low.map((part) => ({
          partId: part.id,
          name: part.name,
          sku: part.sku,
          stock: part.stock,
          threshold: lowStockLineOf(part),
        })),
        zeroResultSearches: misses,
        returnsByReason: returnReasonValues.map((reason) => {
          const found = reasons.find((row) => row.reason === reason);
          return { reason, lines: found?.lines ?? 0, units: found?.units ?? 0 };
        }),
        openCoreDepositsCents: openDeposits,
      };
    },
  };
}

export type OverviewService = ReturnType<typeof createOverviewService>;
