import { formatMoney } from '../money';

/**
 * What the server answers about a company member's order (docs/shop-rules.md, "Trade accounts"): who
 * may pay on account, the credit check's refusals, approvals, and the mails about them.
 */
export const companyOrders = {
  paymentInvalid: 'Choose how to pay: card or account.',
  notAMember: 'Only a member of a trade account orders to a company address.',
  accountNotOpen: 'Paying on account needs an approved trade account.',
  termsCardOnly: 'Your company pays by card: its terms do not allow paying on account.',
  onHold: 'Your company’s account is on hold',
  overdue: (invoiceNumber: string) => `Invoice ${invoiceNumber} is overdue`,
  overLimit: (cents: number, currency: string) => `Over your credit limit by ${formatMoney(cents, currency)}`,
  notAwaiting: 'This order is not waiting for approval: it was decided already, or expired.',
  dueBy: (dueDate: string, days: number) => `Due by ${dueDate} (Net ${days})`,
  poNumber: 'PO number',
  paymentTerms: 'Payment terms',
  onAccount: (days: number) => `On account, Net ${days}`,
  // Mails.
  creditedIntro: 'We have cancelled your order on account before it was sent; its invoice is credited in full:',
  creditNote: (number: string, amount: string) =>
    `Credit note ${number}: ${amount}, taken off your company’s balance. Its PDF is on My Orders.`,
  poLine: (poNumber: string) => `PO number: ${poNumber}`,
  awaitingSubject: (order: string) => `Your order of ${order} waits for approval`,
  awaitingIntro:
    'Your order is above your order limit: a company admin of your company approves or declines it. Its parts are held for you meanwhile.',
  awaitingExpiry: (minute: string) => `Unless it is decided by ${minute} UTC, it is cancelled and its parts go back on sale.`,
  approvalSubject: (number: string, buyer: string) => `Order ${number} by ${buyer} needs your approval`,
  approvalText: (buyer: string, company: string, total: string, limit: string) =>
    `${buyer} placed an order for ${company} of ${total}, above their order limit of ${limit}. Approve or decline it under My Orders; its parts are held until then.`,
  approvedSubject: (number: string) => `Your order ${number} was approved`,
  approvedText: (by: string) => `${by} approved your order.`,
  approvedPayByCard: 'Pay it by card under My Orders before the time to pay runs out.',
  declinedSubject: (number: string) => `Your order ${number} was declined`,
  declinedText: (by: string, reason: string) => `${by} declined your order: ${reason}. Its parts went back to stock.`,
  onAccountSubject: (number: string, invoiceNumber: string) => `Order ${number} on account: invoice ${invoiceNumber}`,
  onAccountText: (invoiceNumber: string, total: string, dueDate: string) =>
    `Your order is confirmed on your company’s account. Invoice ${invoiceNumber} of ${total} is attached and due by ${dueDate}.`,
};
