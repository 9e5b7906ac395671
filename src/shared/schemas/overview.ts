import { z } from 'zod';
import * as copy from '../copy';
import { idSchema } from './common';
import { orderStatusValues } from './orders';
import { returnReasonValues } from './returns';

/** The periods the overview's chart covers, in days. */
export const overviewDaysValues = [30, 90] as const;
export type OverviewDays = (typeof overviewDaysValues)[number];

/** How many parts the best sellers, low stock and searches lists hold at most. */
export const OVERVIEW_LIST_LENGTH = 10;

/** GET /api/admin/overview?days=30|90 (30 when left out). */
export const overviewQuerySchema = z.object({
  days: z
    .enum(['30', '90'], { error: copy.overview.daysInvalid })
    .default('30')
    .transform((days) => Number(days) as OverviewDays),
});

const count = z.number().int().nonnegative();

export const overviewSchema = z.object({
  days: z.number().int(),
  /**
   * Every day of the period, oldest first, today (UTC) last; a day without sales has zeros. `cents` is
   * gross: the sum of the day's paid orders' totals, tax and delivery included.
   */
  revenueByDay: z.array(z.object({ date: z.iso.date(), cents: z.number().int(), orders: z.number().int() })),
  ordersByStatus: z.object(
    Object.fromEntries(orderStatusValues.map((status) => [status, count])) as Record<
      (typeof orderStatusValues)[number],
      typeof count
    >,
  ),
  /**
   * The live parts with the most units in paid, shipped or delivered orders, and what their lines in
   * those orders brought (`cents`: goods, net of tax, without delivery).
   */
  topParts: z.array(z.object({ partId: idSchema, name: z.string(), sku: z.string(), units: count, cents: z.number().int() })),
  /** Live parts with less stock than their low-stock line (#shared/stock), fewest first; `threshold` is that line. */
  lowStock: z.array(z.object({ partId: idSchema, name: z.string(), sku: z.string(), stock: count, threshold: count })),
  /** The texts searched most often without a result in the period (case folded). */
  zeroResultSearches: z.array(z.object({ q: z.string(), count })),
  /**
   * The return lines asked for in the period (refused ones included) and their units, per reason, in
   * the reasons' order; a reason without lines is listed with zeros.
   */
  returnsByReason: z.array(z.object({ reason: z.enum(returnReasonValues), lines: count, units: count })),
  /**
   * The core deposits still open, net of tax: charged on paid, confirmed, shipped or delivered orders
   * and not yet settled by a credited core return. Not limited to the period.
   */
  openCoreDepositsCents: count,
});

export type Overview = z.infer<typeof overviewSchema>;
