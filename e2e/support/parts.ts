import { queryShopDatabase } from '../fixtures';

export interface DemoPartRow {
  id: string;
  name: string;
  price_cents: number;
  stock: number;
}

/**
 * A demo part with the default minimum of 12 and plenty of stock, by name; `skip` picks another one.
 * Never one of the flash deal's, so it sells at its own price whatever the deal's end.
 */
export function partWithMinimum12(skip = 0): DemoPartRow {
  const part = queryShopDatabase<DemoPartRow>(
    `SELECT id, name, price_cents, stock FROM parts JOIN part_stock ON part_stock.part_id = parts.id
     WHERE archived_at IS NULL AND min_order_quantity = 12 AND stock >= 200 AND flash_deal_since IS NULL
     ORDER BY name LIMIT 1 OFFSET ?`,
    skip,
  )[0];
  if (!part) throw new Error('the e2e shop has no part with a minimum of 12 and 200 in stock');
  return part;
}
