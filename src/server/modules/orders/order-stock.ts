import type { Db } from '../../db/database';
import { releaseStock } from '../parts';
import { linesOfOrders } from './orders.repository';

/**
 * Gives every line's units of a cancelled or expired order back to stock, inside the caller's
 * transaction; the lines of `exceptPartId` (a part being removed from the catalogue) stay out.
 */
export async function releaseOrderStock(trx: Db, orderId: string, exceptPartId?: string): Promise<void> {
  for (const line of (await linesOfOrders(trx, [orderId])).get(orderId) ?? []) {
    if (line.part_id !== exceptPartId) await releaseStock(trx, line.part_id, line.quantity);
  }
}
