import * as copy from '#shared/copy';
import type { Order, OrderLine } from '#shared/schemas/orders';
import type { Return, ReturnReason } from '#shared/schemas/returns';

const DAY_MS = 86_400_000;

/** The return windows of the shop's settings, in days after delivery. */
export interface ReturnWindows {
  returnWindowDays: number;
  coreReturnWindowDays: number;
}

/** A core deposit's line (`kind: 'core'`): returned as `core`, within the core window. */
export function isCoreLine(line: OrderLine): boolean {
  return (line as OrderLine & { kind?: string }).kind === 'core';
}

/** How a line is named to people: a core deposit's as in My Orders, so it never reads as its part. */
export function lineNameOf(line: OrderLine): string {
  return isCoreLine(line) ? copy.orders.coreDepositLine(line.partName) : line.partName;
}

/** A returned line's name: only a core deposit's line is returned as `core`. */
export function returnLineNameOf(line: Return['lines'][number]): string {
  return line.reason === 'core' ? copy.orders.coreDepositLine(line.partName) : line.partName;
}

/** The reasons a line may be returned for: a core deposit's only as `core`, any other line for the rest. */
export function reasonsFor(line: OrderLine): readonly ReturnReason[] {
  return isCoreLine(line) ? ['core'] : ['wrong_part', 'damaged', 'not_needed', 'warranty'];
}

/** Until when a line of a delivered order can be asked back; null before delivery. */
export function returnableUntil(order: Order, line: OrderLine | null, windows: ReturnWindows): Date | null {
  if (order.status !== 'delivered' || !order.deliveredAt) return null;
  const days = line && isCoreLine(line) ? windows.coreReturnWindowDays : windows.returnWindowDays;
  return new Date(Date.parse(order.deliveredAt) + days * DAY_MS);
}

/** Whether some line of the order can still be asked back at `now` (the server decides line by line). */
export function isReturnable(order: Order, windows: ReturnWindows, now: Date): boolean {
  return order.lines.some((line) => {
    const until = returnableUntil(order, line, windows);
    return until !== null && now.getTime() <= until.getTime();
  });
}

/** What the order's returns that were not refused hold, by order line id. */
export function heldByReturns(returns: readonly Return[]): Map<string, number> {
  const held = new Map<string, number>();
  for (const ret of returns) {
    if (ret.status === 'refused') continue;
    for (const line of ret.lines) held.set(line.orderLineId, (held.get(line.orderLineId) ?? 0) + line.quantity);
  }
  return held;
}
