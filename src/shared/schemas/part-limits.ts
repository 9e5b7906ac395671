/** The ranges a part's numbers stay in, shared by the part schemas and the pricing rules. */

export const MAX_PRICE_CENTS = 100_000_000; // $1,000,000 a unit
/**
 * The one range of a part's stock, 0 to MAX_STOCK, which the part form, the API's part body and every
 * path that changes stock on the server hold to: a booking takes only what is there, and stock given
 * back by a cancelled or expired order stops at MAX_STOCK (the excess is dropped), so a part can
 * always be saved as it stands.
 */
export const MAX_STOCK = 1_000_000;
export const DEFAULT_MIN_ORDER_QUANTITY = 12;
/** The largest core deposit a part carries, per unit: 1,000.00 in the shop's currency. */
export const MAX_CORE_CHARGE_CENTS = 100_000;
