import { orders } from './orders';

export const mail = {
  lowStockSubject: (name: string, sku: string) => `Low stock: ${name} (${sku})`,
  lowStockIntro: (name: string, sku: string, stock: number, line: number) =>
    `An order has just taken the stock of ${name} (${sku}) to ${stock}, under its low-stock threshold of ${line}.`,
  lowStockOnce:
    'You get this mail once when the stock falls under that line: again only after a restock takes it back over the line, and never more than once a day for a part.',
  lowStockButton: 'Open the overview',
  backInStockSubject: (name: string, sku: string) => `Back in stock: ${name} (${sku})`,
  backInStockIntro: (name: string, sku: string) =>
    `${name} (${sku}) is back in stock, as you asked us to tell you. You can order it now:`,
  backInStockButton: 'Open the part',
  backInStockOnce: 'We send this mail once. If the part sells out again, ask again on its page.',
  resetSubject: 'Reset your Gearhouse password',
  greeting: (name: string) => `Hello ${name},`,
  /** To an address its account has not confirmed: the name was typed by whoever signed up. */
  greetingWithoutName: 'Hello,',
  resetIntro:
    'Someone (hopefully you) asked to reset the password of your Gearhouse account. Open this link to choose a new one:',
  resetExpiry:
    'The link works once and expires in 1 hour. If you did not ask for it, ignore this mail: your password stays as it is.',
  resetButton: 'Choose a new password',
  verifySubject: 'Verify your Gearhouse email address',
  verifyIntro: 'Welcome to Gearhouse. Open this link to verify your email address, so that you can book parts:',
  verifyButton: 'Verify my email address',
  verifyExpiry:
    'The link expires in 1 hour; the shop sends a new one when you ask for it. If you did not sign up, ignore this mail.',
  signature: 'The Gearhouse team',
  ordersButton: 'See your orders',
  orderLine: (quantity: number, part: string, total: string) => `${quantity} × ${part}, ${total} in all.`,
  /** One line of an order of several parts, then `orderTotal`. */
  orderLineOfMany: (quantity: number, part: string, total: string) => `${quantity} × ${part}: ${total}`,
  orderTotal: (parts: number, units: number, total: string) => `In all: ${orders.partsAndUnits(parts, units)}, ${total}.`,
  orderDelivery: (amount: string) => `Delivery: ${amount}`,
  orderDeliveryFree: 'free',
  orderTax: (name: string, ratePercent: string, amount: string) => `${name} ${ratePercent}%: ${amount}`,
  orderGrandTotal: (amount: string) => `Total: ${amount}.`,
  expectedDelivery: (day: string) => `Expected delivery: ${day}.`,
  /** The order's number, as My Orders and the payment page show it. */
  orderNumber: (number: string) => `Order ${number}`,
  /** How a mail's subject names an order: its first part, and how many more it has. */
  orderName: (first: string, more: number) => (more === 0 ? first : `${first} and ${more} more`),
  placedSubject: (part: string) => `Your Gearhouse order: ${part}`,
  placedIntro: 'Thank you for your order. We hold the parts for you until you pay:',
  placedPayBy: (deadline: string) =>
    `Please pay by ${deadline} (UTC). After that the order is cancelled and the parts go back on sale.`,
  paidSubject: (part: string) => `Payment received: ${part}`,
  paidIntro: 'We received your payment. Your parts are being prepared for shipping:',
  paidTransaction: (transactionId: string) => `Transaction id: ${transactionId}.`,
  shippedSubject: (part: string) => `On its way: ${part}`,
  shippedIntro: 'Your parts have left our plant:',
  shippedTo: (address: string) => `They are on their way to ${address}.`,
  shippedToGivenAddress: 'They are on their way to the address given with the order.',
  expiredSubject: (part: string) => `Order cancelled: ${part}`,
  expiredIntro: (hours: number) =>
    `Your order was not paid within ${hours} hours, so we cancelled it and put the parts back on sale:`,
  expiredAgain: 'You are welcome to book them again at any time.',
  cancelledSubject: (part: string) => `Order cancelled: ${part}`,
  cancelledByShopIntro: 'We have cancelled your unpaid order, and nothing was charged:',
  creditedIntro:
    'We have cancelled your paid order before it was sent, and are refunding the full amount to the card you paid with:',
  /** The credit note of a cancelled paid order; its PDF is on My Orders. */
  creditNote: (number: string, amount: string) => `Credit note ${number}: ${amount}, refunded. Its PDF is on My Orders.`,
  cancelledByShopQuestions: 'If you did not expect this, reply to this mail or write to us from the contact page.',
  partWithdrawnIntro:
    'The part you ordered is no longer sold, so we have cancelled your unpaid order. Nothing was charged, and it can no longer be paid:',
} as const;
