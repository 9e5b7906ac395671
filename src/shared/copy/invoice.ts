/** The quick-order page: part numbers and quantities, pasted or from a CSV file, into the cart. */
export const invoice = {
  title: 'Invoice',
  number: 'Invoice number',
  datePaid: 'Date paid',
  transaction: 'Transaction',
  seller: 'From',
  buyer: 'Bill to',
  vatNumber: (number: string) => `Tax ID: ${number}`,
  sku: 'SKU',
  part: 'Part',
  quantity: 'Qty',
  unitPrice: 'Unit price',
  lineTotal: 'Line total',
  total: 'Total',
  paidNote: 'Paid in full by card. Thank you for your order.',
  notFound: 'This order has no invoice: it is not paid.',
  /** The link on an order's row: the download of its invoice. */
  link: 'Invoice',
  linkLabel: (number: string) => `Invoice ${number}, PDF download`,
  filename: (number: string) => `${number}.pdf`,
} as const;
