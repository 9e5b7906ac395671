/**
 * The height of a best seller card's text block (name on two lines at most, then its price), shared by
 * the carousel's cards and the placeholder the landing page shows before the carousel loads, so that
 * the one replaces the other without moving what is below.
 */
export const BEST_SELLER_TEXT_HEIGHT = 'h-32';
