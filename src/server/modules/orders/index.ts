// The orders module's public functions: what the rest of the server may use. Other modules never import
// its files directly (docs/decisions/0017-modules-and-events.md).
export { ordersRoutes } from './orders.routes';
export { createOrdersService, payByOf, toOrderAt, type OrdersService } from './orders.service';
export { createOrderExpiry, type OrderExpiry } from './order-expiry';
export { createCreditRefunds, type CreditRefunds } from './credit-refunds';
export { createOrderMails, type OrderMails } from './order-mails';
export { ordersOfPart, type OrdersOfPart } from './orders-of-part';
// The statement PDF of the payments module is set in the invoice's font.
export { pdfMaker } from './invoice-pdf';
// Payments mark an order paid through this, in their transaction: it gives the invoice number too.
export { markOrderPaidWithInvoice } from './invoices.repository';
// For payments, reviews, the cart and the admin overview, each taking the caller's database or transaction.
export {
  boughtSubjects,
  countOrdersByStatus,
  findOrder as findForPayment,
  findOrderOf,
  isPartLine,
  linesOfOrders,
  type ReviewSubject,
  salesByDay,
  salesOfParts,
} from './orders.repository';
// The open balance of a company: the credit check, GET /api/me/company and the statement read it.
export { companyBalance, type CompanyBalance, OPEN_ACCOUNT_STATUSES } from './company-balance';
// For returns: their own yearly numbers (`RMA-2026-000045`), and the credit note a credited return gets.
export { nextYearlyNumber } from './yearly-numbers';
export { issueReturnCreditNote, type ReturnCredit } from './credit-notes.repository';
