import { formatCount } from '../numbers';
import { validation } from './validation';

/** Part numbers, pack sizes and volume prices (docs/shop-rules.md, "Volume prices and pack sizes"). */
export const pricing = {
  skuRequired: 'Enter the SKU, our part number.',
  skuTaken: (name: string) => `Another part already has this SKU: ${name}.`,
  skuInvalid:
    'The SKU is 3 to 32 letters, digits and hyphens, starting and ending with a letter or digit, for example GH-BRK-1042.',
  crossReferencesInvalid: 'Send the cross-references as a list of {brand, number}.',
  crossReferencesTooMany: (max: number) => `At most ${max} cross-references.`,
  crossReferenceInvalid: (row: number) => `Cross-reference ${row}: give its brand and number.`,
  crossReferenceBrandInvalid: (row: number, max: number) => `Cross-reference ${row}: the brand is 1 to ${max} characters.`,
  crossReferenceNumberInvalid: (row: number) =>
    `Cross-reference ${row}: the number is 3 to 40 letters, digits, spaces, dots, hyphens or slashes, starting and ending with a letter or digit.`,
  crossReferenceDuplicate: (row: number, first: number) =>
    `Cross-reference ${row}: the same brand and number as cross-reference ${first}.`,
  packSizeInvalid: 'The pack size is a whole number, 1 or more.',
  coreChargeInvalid: (max: string) => `The core deposit is an amount from 0 to ${max}, or empty for none.`,
  minOrderQuantityInvalid: (max: number) => `The minimum order is a whole number from 1 to ${formatCount(max)}.`,
  lowStockThresholdInvalid: 'The low-stock threshold is a whole number, 0 or more, or empty for twice the minimum order.',
  packsOf: (n: number) => `Order in packs of ${n}`,
  /**
   * A quantity over the stock: the booking form's sentence as the product spec words it, then how many
   * are left and, when whole packs cannot take them all, the most that can be ordered.
   */
  overStock: (left: number, most = left, pack = 1) =>
    `${validation.quantityTooHigh}. Only ${formatCount(left)} left${
      most < left ? `: order at most ${formatCount(most)}, in packs of ${formatCount(pack)}` : ''
    }.`,
  /** Adding to a cart line would go over the stock: what is left, what the line holds, what can still go in. */
  overStockWithCart: (left: number, inCart: number, canAdd: number) =>
    `${validation.quantityTooHigh}. Only ${formatCount(left)} left, and your cart already holds ${formatCount(inCart)}: ${
      canAdd > 0 ? `add at most ${formatCount(canAdd)}` : 'no more can be added'
    }.`,
  /** What is left is less than the smallest quantity the part is sold in (its minimum, in whole packs). */
  cannotOrderNow: (left: number, smallest: number) =>
    left <= 0
      ? 'None left: this part cannot be ordered until it is restocked.'
      : `Only ${formatCount(left)} left, fewer than the minimum order of ${formatCount(smallest)}: this part cannot be ordered until it is restocked.`,
  tiersInvalid: 'Send the price tiers as a list of rows, each with a minimum quantity and a unit price.',
  tiersTooMany: (max: number) => `At most ${max} price tiers.`,
  tierQuantityInvalid: (row: number) => `Tier ${row}: the quantity is a whole number, 1 or more.`,
  tierPriceInvalid: (row: number) => `Tier ${row}: enter a valid price.`,
  tierQuantityNotAscending: (row: number, previous: number) =>
    `Tier ${row}: the quantity must be more than tier ${row - 1}'s (${previous}).`,
  tierPriceNotLower: (row: number, previous: string) =>
    `Tier ${row}: the price must be lower than tier ${row - 1}'s (${previous}).`,
  tierQuantityNotAboveMinimum: (row: number, minimum: number) =>
    `Tier ${row}: the quantity must be more than the part's minimum order (${minimum}).`,
  tierPriceNotBelowBase: (row: number, base: string) =>
    `Tier ${row}: the price must be lower than the part's own price (${base}).`,
  /** One tier in a part's price line: "12+ $48.90". */
  tier: (minQuantity: number, price: string) => `${minQuantity}+ ${price}`,
  tierSeparator: ' · ',
  youSave: (amount: string) => `You save ${amount}`,
} as const;
