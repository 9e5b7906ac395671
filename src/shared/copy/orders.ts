import { formatCount } from '../numbers';

const partsCount = (n: number) => `${formatCount(n)} ${n === 1 ? 'part' : 'parts'}`;
const unitsCount = (n: number) => `${formatCount(n)} ${n === 1 ? 'unit' : 'units'}`;
/** An order's size: how many parts (its lines) and how many units of them ("5 parts, 108 units"). */
const partsAndUnits = (parts: number, units: number) => `${partsCount(parts)}, ${unitsCount(units)}`;

export const orders = {
  /** A core deposit's line, on the order, the invoice and the mails: what it is the deposit of. */
  coreDepositLine: (partName: string) => `Core deposit: ${partName}`,
  notFound: 'This order does not exist.',
  /** The same Idempotency-Key again with another body: a new order needs a new key. */
  idempotencyKeyReused: 'This Idempotency-Key was used for another order.',
  onlyUnpaidCancellable: 'Only an unpaid order can be cancelled; this one is already paid, sent or cancelled.',
  sentNotCancellable: 'This order has been sent, so it can no longer be cancelled; the customer can return it instead.',
  alreadyCancelled: 'This order is already cancelled.',
  /** An admin's status step that does not follow from the order's status now. */
  statusStepRefused: (from: string, to: string, now: string) => `Only a ${from} order can be marked ${to}; this one is ${now}.`,
  index: 'Index',
  picture: 'Picture',
  name: 'Name',
  quantity: 'Quantity',
  price: 'Price',
  cancelOrder: 'Cancel order',
  payment: 'Payment',
  cancel: 'Cancel',
  cancelLabel: (part: string) => `Cancel the order of ${part}`,
  pay: 'Pay',
  payLabel: (part: string) => `Pay for ${part}`,
  successful: 'Successful',
  paid: 'paid',
  transactionLabel: 'Transaction id',
  statuses: { shipped: 'shipped', delivered: 'delivered' },
  timeLeft: (days: number, hours: number, minutes: number) =>
    days > 0
      ? `${days} ${days === 1 ? 'day' : 'days'} ${hours} h left to pay`
      : hours > 0
        ? `${hours} h ${minutes} min left to pay`
        : `${Math.max(minutes, 1)} min left to pay`,
  timeUp: 'Time to pay is up',
  confirmCancel: (part: string, quantity: number) =>
    `Your order of ${quantity} × ${part} will be cancelled and its parts go back to stock.`,
  /** The same, for an order of several parts. */
  confirmCancelLines: (order: string, parts: number, units: number) =>
    `Your order of ${order} (${partsAndUnits(parts, units)}) will be cancelled and its parts go back to stock.`,
  keepOrder: 'Keep the order',
  confirmCancelYes: 'Yes, cancel it',
  cancelled: 'Order cancelled',
  empty: 'You have no orders yet.',
  emptyText: 'Book parts from their page and they show up here, ready to pay.',
  emptyCancelled: 'You have no cancelled orders.',
  /** My Orders' open view when every order the customer has is cancelled (or expired). */
  emptyOpen: 'You have no open orders.',
  cancelledKept: (n: number) =>
    n === 1
      ? 'Your cancelled order is kept under “Cancelled orders”.'
      : `Your ${formatCount(n)} cancelled orders are kept under “Cancelled orders”.`,
  showCancelled: 'Show cancelled orders',
  /** A search or a range of days that no order matches. */
  emptySearch: 'No orders match this search.',
  emptySearchText: 'Check the number, or widen the days.',
  clearSearch: 'Clear the search',
  /** The lists' search: an order or invoice number, and the days the orders were booked. */
  searchTitle: 'Find orders',
  searchLabel: 'Order or invoice number',
  searchInvalid: 'Enter an order number, such as 0195F3A2-9C41-7A3B, or an invoice number, such as INV-2026-000042.',
  bookedFrom: 'Booked from',
  bookedTo: 'Booked to',
  search: 'Search',
  /** The search form's button that shows every order again. */
  clear: 'Clear',
  /** An order as the shop names it, and the day it was booked. */
  orderNumberLabel: 'Order',
  bookedLabel: 'Booked',
  viewLabel: 'Show',
  views: { open: 'Open orders', cancelled: 'Cancelled orders', all: 'All orders' },
  /** Why a cancelled order was cancelled, in My Orders. */
  cancelledBy: {
    customer: 'Cancelled by you',
    admin: 'Cancelled by the shop',
    expired: 'Expired: not paid in time',
  },
  notPaid: 'not paid',
  /** A paid order an admin cancelled: its money went back. */
  refunded: 'refunded',
  browseParts: 'Browse parts',
  total: (n: number) => `${n} ${n === 1 ? 'order' : 'orders'}`,
  /** After the first line's name, on an order of several parts. */
  moreLines: (n: number) => `+ ${n} more`,
  /** How a button's accessible name tells one order from another: its first part, and how many more. */
  orderName: (first: string, more: number) => (more === 0 ? first : `${first} and ${more} more`),
  units: unitsCount,
  parts: partsCount,
  partsAndUnits,
  showLines: (n: number) => (n === 1 ? 'Show the line' : `Show the ${n} lines`),
  hideLines: (n: number) => (n === 1 ? 'Hide the line' : `Hide the ${n} lines`),
  /** Read after the show/hide button's text, so that each row's button has a name of its own. */
  linesOf: (order: string) => `of the order of ${order}`,
  linesCaption: (order: string) => `The lines of the order of ${order}`,
  sku: 'SKU',
  unitPrice: 'Unit price',
  lineTotal: 'Line total',
  orderAgain: 'Order again',
  orderAgainLabel: (order: string) => `Order again: ${order}`,
  reordered: (lines: number) =>
    lines === 0 ? 'Nothing went to your cart.' : `${lines} ${lines === 1 ? 'line went' : 'lines went'} to your cart.`,
  reorderUnavailable: (parts: readonly string[]) => `No longer sold, so not added: ${parts.join(', ')}.`,
  viewCart: 'View your cart',
} as const;
