/** Part numbers, pack sizes and volume prices (docs/shop-rules.md, "Volume prices and pack sizes"). */
export const pricing = {
  skuRequired: 'Enter the SKU, our part number.',
  skuTaken: (name: string) => `Another part already has this SKU: ${name}.`,
  skuInvalid:
    'The SKU is 3 to 32 letters, digits and hyphens, starting and ending with a letter or digit, for example GH-BRK-1042.',
  oemNumbersInvalid: 'Send the OEM numbers as a list of texts.',
  oemNumbersTooMany: (max: number) => `At most ${max} OEM numbers.`,
  oemNumberInvalid: (row: number) =>
    `OEM number ${row}: 3 to 40 letters, digits, spaces, dots, hyphens or slashes, starting and ending with a letter or digit.`,
  oemNumberDuplicate: (row: number, first: number) => `OEM number ${row}: the same number as OEM number ${first}.`,
  packSizeInvalid: 'The pack size is a whole number, 1 or more.',
  lowStockThresholdInvalid: 'The low-stock threshold is a whole number, 0 or more, or empty for twice the minimum order.',
  packsOf: (n: number) => `Order in packs of ${n}`,
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
