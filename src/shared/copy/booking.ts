import { formatMoney } from '../money';

export const booking = {
  tooManyUnpaid: (max: number) =>
    `You have ${max} unpaid ${max === 1 ? 'order' : 'orders'}: pay or cancel one before booking more.`,
  tooMuchUnpaid: (heldCents: number, orderCents: number, capCents: number, currency?: string) =>
    `Your unpaid orders already hold ${formatMoney(heldCents, currency)}; with this order (${formatMoney(orderCents, currency)}) that would be ${formatMoney(heldCents + orderCents, currency)}, more than the ${formatMoney(capCents, currency)} one customer may hold unpaid. Pay or cancel an order first.`,
  orderOverUnpaidCap: (orderCents: number, capCents: number, currency?: string) =>
    `This order comes to ${formatMoney(orderCents, currency)}, more than the ${formatMoney(capCents, currency)} one customer may hold unpaid. Order less at a time: book the rest once this order is paid.`,
  emailNotVerified: (email: string) => `Please verify your email address before booking: follow the link we sent to ${email}.`,
  resendVerification: 'Send the link again',
  verificationResent: (email: string) =>
    `A link is on its way to ${email}: we send one a minute at most, five a day. Each link works for 1 hour.`,
  title: 'Book this part',
  /** A visitor on a part's page: booking holds stock for a customer, so it needs an account. */
  signInToBook: 'Sign in to book this part',
  signInToBookText:
    'Booking needs an account: the stock is held in your name until you pay. Signing in or up brings you back to this part.',
  createAccount: 'Create an account',
  text: 'The stock is held for you while you pay; unpaid orders are cancelled after the payment window.',
  submit: 'Book Now',
  outOfStock: 'There is not enough of this part left in stock for this quantity. Nothing was booked.',
  lineOutOfStock: 'There is not enough of this part left in stock for this quantity. Nothing was booked.',
  partRequired: 'Choose a part.',
  partOrLines: 'Send either a part and its quantity, or lines, not both.',
  linesEmpty: 'Add at least one part to the order.',
  tooManyLines: (max: number) => `An order has at most ${max} lines.`,
  lineDuplicate: (row: number, first: number) =>
    `Line ${row} is the same part as line ${first}: put the whole quantity on one line.`,
  lineRefused: (row: number, message: string) => `Line ${row}: ${message}`,
} as const;
