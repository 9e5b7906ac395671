/**
 * A company member's orders (docs/shop-rules.md, "Trade accounts"): the checkout's delivery site, PO
 * number and payment, the approvals of company admins, and how those orders read in the lists.
 */
export const memberOrders = {
  deliveryTitle: 'Delivery',
  deliveryText: (company: string) => `Choose where ${company} wants the parts delivered.`,
  deliveryLegend: 'Delivery address',
  addressPhone: (phone: string) => `Phone ${phone}`,
  noAddresses: 'Your company has no delivery address yet: a company admin adds one under My company.',
  chooseAddress: 'Choose one of your company’s delivery addresses.',
  poNumber: 'PO number (optional)',
  poNumberHint: (left: number) =>
    left >= 0
      ? `Printed on the invoice. ${left} ${left === 1 ? 'character' : 'characters'} left.`
      : `Printed on the invoice. ${-left} ${left === -1 ? 'character' : 'characters'} too many.`,
  poNumberTooLong: 'A PO number is at most 35 characters.',
  paymentLegend: 'Payment',
  payByCard: 'Card',
  payByCardText: 'Pay now on the next page.',
  payOnAccount: (days: number) => `Pay on account (Net ${days})`,
  payOnAccountText: (days: number) => `Invoiced now, due in ${days} days.`,
  orderLimit: (amount: string) => `Orders above ${amount} need approval from your company admin.`,
  overLimit: 'This order is above your limit: it goes to your company admin for approval.',
  creditLeft: (amount: string) => `Credit left on account: ${amount}`,
  placeOrder: 'Place order',
  sendForApproval: 'Send for approval',
  placedOnAccount: (invoice: string, dueDate: string) => `Order placed on account — invoice ${invoice} due ${dueDate}`,
  placedOnAccountUninvoiced: 'Order placed on account.',
  sentForApproval: 'Sent to your company admin for approval',
  // The part page: a member orders from the cart.
  bookingText: (company: string) =>
    `You order for ${company} from your cart, where you choose the delivery address, the PO number and the payment.`,
  bookingSubmit: 'Add to cart and check out',
  // How these orders read in My Orders, Manage Orders and on the order's page.
  placedBy: (name: string) => `Placed by ${name}`,
  company: 'Company',
  poLabel: 'PO',
  onAccount: 'On account',
  dueOn: (date: string) => `Due ${date}`,
  paidOff: 'Invoice paid',
  declinedBecause: (reason: string) => `Declined: ${reason}`,
  awaitingText: 'Waiting for a company admin’s approval.',
  approve: 'Approve',
  decline: 'Decline',
  actionLabel: (action: string, order: string, buyer: string) => `${action}: ${order}, placed by ${buyer}`,
  approved: 'Order approved',
  declined: 'Order declined',
  declineTitle: 'Decline this order?',
  declineText: (order: string, buyer: string) =>
    `${buyer} is told why, and the parts of ${order} go back to stock. This cannot be undone.`,
  declineReason: 'Reason',
  declineReasonRequired: 'Say why the order is declined: the buyer is told.',
  declineReasonTooLong: 'The reason is at most 500 characters.',
  declineConfirm: 'Decline the order',
  keepWaiting: 'Keep it waiting',
  // The payment page, for an order that is not paid by card now.
  notPayableAwaiting: 'This order waits for a company admin’s approval; it can be paid once approved.',
  notPayableDeclined: 'This order was declined by your company admin.',
  notPayableOnAccount: 'This order is on your company’s account: it is paid against its invoice.',
};
