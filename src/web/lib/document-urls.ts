// Where the shop's PDFs download from, for every page that links one (orders, the statement).
/**
 * Where an order's invoice downloads from: a plain link, not a query, so the browser saves the PDF the
 * server makes (its owner or an admin; 404 until the order is paid).
 */
export function invoicePdfUrl(orderId: string): string {
  return `/api/orders/${encodeURIComponent(orderId)}/invoice.pdf`;
}

/** Where a credit note downloads from, as its invoice does (its order's owner or an admin). */
export function creditNotePdfUrl(number: string): string {
  return `/api/credit-notes/${encodeURIComponent(number)}.pdf`;
}
