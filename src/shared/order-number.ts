/**
 * How an order is named to people: its number, the first 18 characters of its id in capitals
 * (`0195F3A2-9C41-7A3B`), and its invoice number once paid (`INV-2026-000042`). docs/shop-rules.md,
 * "Orders and payment", and docs/decisions/0030-order-numbers.md say why a prefix of the id.
 */

/** How many characters of an order's id make its number: the time and 12 random bits of a version 7 id. */
export const ORDER_NUMBER_LENGTH = 18;

/** `0195f3a2-9c41-7a3b-8d2e-5f0a1b2c3d4e` → `0195F3A2-9C41-7A3B`. */
export function orderNumberOf(id: string): string {
  return id.slice(0, ORDER_NUMBER_LENGTH).toUpperCase();
}

/** What a search of the orders lists looks for: one order number, one whole order id, or one invoice number. */
export type OrderSearch =
  { kind: 'number'; idPrefix: string } | { kind: 'id'; id: string } | { kind: 'invoice'; invoiceNumber: string };

const hexGroups = (hex: string, sizes: readonly number[]) => {
  const groups: string[] = [];
  let at = 0;
  for (const size of sizes) {
    groups.push(hex.slice(at, at + size));
    at += size;
  }
  return groups.join('-');
};

/**
 * Reads what a person typed into an orders list's search: an order number or a whole order id (with
 * or without its dashes, any case, a leading `#`, spaces), or an invoice number (`inv-2026-42` is
 * `INV-2026-000042`). Answers null for anything else.
 */
export function parseOrderSearch(text: string): OrderSearch | null {
  const compact = text.replace(/\s+/g, '').replace(/^#/, '').toUpperCase();
  const invoice = /^INV-?(\d{4})-?(\d{1,12})$/.exec(compact);
  // The number within the year as the shop writes it: six digits at least (yearlyNumberOf in the orders module).
  if (invoice) return { kind: 'invoice', invoiceNumber: `INV-${invoice[1]}-${String(Number(invoice[2])).padStart(6, '0')}` };
  const hex = compact.replace(/-/g, '').toLowerCase();
  if (!/^[0-9a-f]+$/.test(hex)) return null;
  if (hex.length === 16) return { kind: 'number', idPrefix: hexGroups(hex, [8, 4, 4]) };
  if (hex.length === 32) return { kind: 'id', id: hexGroups(hex, [8, 4, 4, 4, 12]) };
  return null;
}
