/** Goods, delivery, tax and total, as the cart, the order form, the payment page and the order show them. */
export const totals = {
  goods: 'Goods',
  delivery: 'Delivery',
  deliveryFree: 'Free',
  /** "VAT 19%", "Sales tax 6%". */
  tax: (name: string, ratePercent: string) => `${name} ${ratePercent}%`,
  noTax: 'Tax',
  total: 'Total',
  expectedDelivery: (day: string) => `Expected delivery: ${day}`,
  freeDeliveryFrom: (amount: string) => `Free delivery on orders of ${amount} or more`,
  freeDeliveryShort: (missing: string) => `Add ${missing} more for free delivery`,
  exempt: (reason: string) => `Exempt: ${reason}`,
  reverseCharge: 'Reverse charge: VAT to be accounted for by the recipient',
  pricesNet: 'Prices are net of tax; tax follows the delivery address.',
};
