import * as copy from '#shared/copy';
import { formatMoney } from '#shared/money';
import type { Statement } from '#shared/schemas/statement';
import { decimalOf, toCsv, UTF8_BOM } from '../content';
import { pdfMaker } from '../orders';

const s = copy.statement;

const INK = '#0f172a';
const MUTED = '#475569';
const RULE = '#cbd5e1';
const OVERDUE = '#b91c1c';

/**
 * The statement as CSV (RFC 4180, formula-guarded cells and a BOM like the orders export): a row per
 * open invoice, a row per payment, and last rows with the balance, the credit limit and the credit left.
 */
export function statementCsv(statement: Statement): string {
  const blank = (n: number) => Array<string>(n).fill('');
  const rows: string[][] = [
    [...s.csvColumns],
    ...statement.invoices.map((invoice) => [
      'invoice',
      invoice.number,
      invoice.orderId,
      invoice.invoicedAt.slice(0, 10),
      invoice.dueDate,
      decimalOf(invoice.totalCents),
      decimalOf(invoice.paidCents),
      String(invoice.daysOverdue),
      ...blank(4),
    ]),
    ...statement.payments.map((payment) => [
      'payment',
      payment.invoiceNumber,
      ...blank(6),
      payment.paidAt,
      decimalOf(payment.amountCents),
      payment.reference,
      payment.method,
    ]),
    ['balance', '', '', statement.date, '', decimalOf(statement.balanceCents), '', '', '', '', '', ''],
    ['credit_limit', '', '', statement.date, '', decimalOf(statement.creditLimitCents), '', '', '', '', '', ''],
    ['credit_left', '', '', statement.date, '', decimalOf(statement.creditLeftCents), '', '', '', '', '', ''],
  ];
  return UTF8_BOM + toCsv(rows);
}

/**
 * The statement as a PDF (A4), in the invoice's font (Arimo, registered with pdfmake by the orders
 * module's `pdfMaker`): the company, the day, balance and credit, the open invoices
 * with days overdue, and the payments.
 */
export async function statementPdf(statement: Statement, seller: { name: string }): Promise<Buffer> {
  const money = (cents: number) => ({ text: formatMoney(cents, statement.currency), alignment: 'right', noWrap: true });
  const header = (text: string, alignment = 'left') => ({ text, bold: true, color: MUTED, fontSize: 9, alignment });
  const table = (widths: string[], head: unknown[], body: unknown[][]) => ({
    table: { headerRows: 1, widths, body: [head, ...body] },
    layout: {
      hLineWidth: (i: number, node: { table: { body: unknown[] } }) =>
        i === 1 || i === node.table.body.length ? 1 : i === 0 ? 0 : 0.5,
      vLineWidth: () => 0,
      hLineColor: () => RULE,
      paddingLeft: (i: number) => (i === 0 ? 0 : 6),
      paddingRight: (i: number, node: { table: { widths: unknown[] } }) => (i === node.table.widths.length - 1 ? 0 : 6),
      paddingTop: () => 4,
      paddingBottom: () => 4,
    },
  });
  const asWritten = (text: string) => text.normalize('NFC');

  const definition = {
    info: { title: `${s.pdfTitle} ${statement.companyName}`, author: seller.name },
    pageSize: 'A4',
    pageMargins: [48, 56, 48, 56],
    defaultStyle: { font: 'Arimo', fontSize: 10, color: INK, lineHeight: 1 },
    content: [
      {
        columns: [
          { text: s.pdfTitle, fontSize: 26, bold: true },
          {
            width: 'auto',
            table: {
              body: [
                [
                  { text: s.pdfCompany, color: MUTED },
                  { text: asWritten(statement.companyName), bold: true },
                ],
                [{ text: s.pdfDate, color: MUTED }, statement.date],
                [{ text: s.balance, color: MUTED }, money(statement.balanceCents)],
                [{ text: s.creditLimit, color: MUTED }, money(statement.creditLimitCents)],
                [{ text: s.creditLeft, color: MUTED }, money(statement.creditLeftCents)],
              ],
            },
            layout: 'noBorders',
          },
        ],
        columnGap: 24,
      },
      { text: s.openInvoices, bold: true, fontSize: 13, margin: [0, 24, 0, 8] },
      statement.invoices.length === 0
        ? { text: s.noOpenInvoices, color: MUTED }
        : table(
            ['auto', 'auto', 'auto', '*', '*', '*', 'auto'],
            [
              header(s.invoice),
              header(s.invoiceDate),
              header(s.dueDate),
              header(s.total, 'right'),
              header(s.paid, 'right'),
              header(s.left, 'right'),
              header(s.daysOverdue, 'right'),
            ],
            statement.invoices.map((invoice) => [
              { text: invoice.number, noWrap: true },
              { text: invoice.invoicedAt.slice(0, 10), noWrap: true },
              { text: invoice.dueDate, noWrap: true },
              money(invoice.totalCents),
              money(invoice.paidCents),
              money(invoice.totalCents - invoice.paidCents),
              invoice.daysOverdue > 0
                ? { text: String(invoice.daysOverdue), alignment: 'right', bold: true, color: OVERDUE }
                : { text: '0', alignment: 'right' },
            ]),
          ),
      { text: s.payments, bold: true, fontSize: 13, margin: [0, 24, 0, 8] },
      statement.payments.length === 0
        ? { text: s.noPayments, color: MUTED }
        : table(
            ['auto', 'auto', '*', 'auto', 'auto'],
            [header(s.paidOn), header(s.invoice), header(s.reference), header(s.method), header(s.amount, 'right')],
            statement.payments.map((payment) => [
              { text: payment.paidAt, noWrap: true },
              { text: payment.invoiceNumber, noWrap: true },
              asWritten(payment.reference),
              s.methods[payment.method],
              money(payment.amountCents),
            ]),
          ),
      { text: s.pdfNote, margin: [0, 24, 0, 0], color: MUTED },
    ],
  };
  return (await pdfMaker()).createPdf(definition).getBuffer();
}
