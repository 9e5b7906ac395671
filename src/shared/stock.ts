/**
 * A part can be booked while its stock covers its minimum order; below that (stock 0 included) it is
 * out of stock: shown as such, and refused at booking. Apart from the schemas on purpose: the public
 * pages' cards use it without loading zod.
 */
export function isInStock(part: { stock: number; minOrderQuantity: number }): boolean {
  return part.stock > 0 && part.stock >= part.minOrderQuantity;
}

/** Without a threshold of its own, a part runs low below this many times its minimum order (docs/shop-rules.md, "Running the business"). */
export const LOW_STOCK_FACTOR = 2;

/**
 * The stock under which a part is low: the overview lists it, and taking the stock below it mails the
 * admins. The part's own threshold when it has one (0: never low), else twice its minimum order.
 */
export function lowStockLine(part: { minOrderQuantity: number; lowStockThreshold: number | null }): number {
  return part.lowStockThreshold ?? LOW_STOCK_FACTOR * part.minOrderQuantity;
}

/**
 * Whether taking `quantity` took the stock under its low-stock `line`: `stock` is what was left, and
 * it was at or over the line before.
 */
export function tookUnderLowStockLine({ stock, quantity, line }: { stock: number; quantity: number; line: number }): boolean {
  return stock < line && stock + quantity >= line;
}
