import { formatCount } from '../numbers';

export const part = {
  notFound: 'This part does not exist or is no longer sold.',
  allParts: 'Our All Parts',
  price: 'Price',
  /** On a card: the stock, worded so it never reads as the quantity to order. */
  inStockCount: (n: number) => `In stock: ${formatCount(n)}`,
  bookNow: 'Book Now',
  availableQuantity: 'Available quantity',
  minimumOrder: (n: number) => `Minimum order quantity: ${n}`,
  /** On a card, under the price: the part's own minimum ("Minimum order: 1" for a clutch kit). */
  minimumOrderShort: (n: number) => `Minimum order: ${formatCount(n)}`,
  searchLabel: 'Search parts',
  searchPlaceholder: 'Name, part number or cross-reference',
  sortLabel: 'Sort by',
  sort: {
    relevance: 'Best match',
    newest: 'Newest',
    price_asc: 'Price: low to high',
    price_desc: 'Price: high to low',
    name: 'Name',
  },
  noResults: 'No parts match your search.',
  results: (total: number) => `${total} ${total === 1 ? 'part' : 'parts'}`,
  searchSubmit: 'Search',
  clearSearch: 'Clear search',
  listText: 'Every part we make, with live stock and prices per unit.',
  resultsFor: (total: number, q: string) => `${total} ${total === 1 ? 'part' : 'parts'} for “${q}”`,
  ratingSummary: (average: number, count: number) =>
    `${average.toFixed(1)} out of 5 from ${count} ${count === 1 ? 'review' : 'reviews'}`,
  noRatings: 'No reviews of this part yet',
  outOfStock: 'Out of stock',
  outOfStockReason: (stock: number, minimum: number) =>
    stock <= 0
      ? 'None left: this part cannot be booked until it is restocked.'
      : `Only ${formatCount(stock)} left, fewer than the minimum order of ${formatCount(minimum)}: this part cannot be booked until it is restocked.`,
  inStockOnly: 'In stock only',
  sku: 'SKU',
  category: 'Category',
  crossReferences: 'Cross-references',
  crossReferenceBrand: 'Brand',
  crossReferenceNumber: 'Number',
  /** On a card found by another brand's number: which one the search matched. */
  matchedReference: (brand: string, number: string) => `Matches ${brand} ${number}`,
  volumePrices: 'Volume prices',
  soldInPacks: (n: number) => `Sold in packs of ${n}`,
  lineTotal: 'Total',
  /** Under the price of a part that carries a core deposit. */
  coreDeposit: (amount: string) => `Plus ${amount} core deposit, refunded when the old unit comes back`,
  /** Under the booking form's total while the quantity reaches a volume price. */
  unitPriceAt: (price: string) => `${price} a unit`,
} as const;
