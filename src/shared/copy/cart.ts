/** The cart's rules and messages (docs/shop-rules.md, "Cart"). */
export const cart = {
  linesInvalid: 'Send the cart as a list of lines, each with a part and a quantity.',
  tooManyLines: (max: number) => `A cart holds at most ${max} lines: order these first.`,
  noLongerSold: 'This part is no longer sold: remove it from your cart.',
  lineNotFound: 'This part is not in your cart.',
  priceChanged: (was: string, now: string) => `The price changed from ${was} to ${now} since you added it.`,
} as const;
