/**
 * A part can be booked while its stock covers its minimum order; below that (stock 0 included) it is
 * out of stock: shown as such, and refused at booking. Apart from the schemas on purpose: the public
 * pages' cards use it without loading zod.
 */
export function isInStock(part: { stock: number; minOrderQuantity: number }): boolean {
  return part.stock > 0 && part.stock >= part.minOrderQuantity;
}
