import { type Address, addressLines as structuredAddressLines } from '#shared/schemas/address';
import { readFileSync } from 'node:fs';
import pdfmake from 'pdfmake';
import * as copy from '#shared/copy';
import { formatMoney } from '#shared/money';
import type { OrderLineRow, OrderRow } from '../../db/schema';

/** The seller block of an invoice, from the settings. */
export interface InvoiceSeller {
  name: string;
  address: Address;
  /** '' when the company has none. */
  vatNumber: string;
}

const c = copy.invoice;

// PDF's standard fonts know Latin-1 only, so the invoice embeds Arimo: Latin with its extensions, Greek,
// Cyrillic and Vietnamese, with Helvetica's widths, so the layout stays as it was; pdfmake embeds only
// the glyphs an invoice uses (docs/decisions/0026-invoice-font.md). The files are committed trimmed to
// what a PDF needs (scripts/trim-invoice-font.sh): fontkit decodes a font's layout tables again for
// every document (docs/decisions/0035-a-trimmed-invoice-font.md). They sit next to this file in the
// sources and next to the bundle in dist/server, and are read once into pdfmake's in-memory files: a
// missing font stops the server at start, not at the first invoice.
const fontsDir = new URL('./fonts/', import.meta.url);
pdfmake.virtualfs.writeFileSync('Arimo-Regular.ttf', readFileSync(new URL('Arimo-Regular.ttf', fontsDir)));
pdfmake.virtualfs.writeFileSync('Arimo-Bold.ttf', readFileSync(new URL('Arimo-Bold.ttf', fontsDir)));
// The invoice sets nothing in italics: those faces are the upright ones rather than two more files.
pdfmake.setFonts({
  Arimo: { normal: 'Arimo-Regular.ttf', bold: 'Arimo-Bold.ttf', italics: 'Arimo-Regular.ttf', bolditalics: 'Arimo-Bold.ttf' },
});
// An invoice is made only from the order and the settings: nothing is loaded from a URL or the disk.
pdfmake.setUrlAccessPolicy(() => false);
pdfmake.setLocalAccessPolicy(() => false);

const paidDate = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });

const INK = '#0f172a';
const MUTED = '#475569';
const RULE = '#cbd5e1';

/** The invoice of a paid order as a PDF (A4): seller, buyer, every line and the total. */
export async function renderInvoicePdf(order: OrderRow, lines: readonly OrderLineRow[], seller: InvoiceSeller): Promise<Buffer> {
  const number = order.invoice_number;
  if (!number || !order.paid_at) throw new Error(`order ${order.id} has no invoice: it is not paid`);
  const money = (cents: number) => ({ text: formatMoney(cents), alignment: 'right' });
  const header = (text: string, alignment = 'left') => ({ text, bold: true, color: MUTED, fontSize: 9, alignment, noWrap: true });

  const definition = {
    info: { title: `${c.title} ${number}`, author: seller.name, subject: `${c.title} ${number}` },
    pageSize: 'A4',
    pageMargins: [48, 56, 48, 56],
    // Arimo's line box (1.117 em) is taller than Helvetica's (0.925 em), leaving room for accented capitals:
    // at 1 its lines are about as far apart as Helvetica's were at 1.2 (11.2 against 11.1 points).
    defaultStyle: { font: 'Arimo', fontSize: 10, color: INK, lineHeight: 1 },
    content: [
      {
        columns: [
          { text: c.title, fontSize: 26, bold: true },
          {
            width: 'auto',
            table: {
              body: [
                [
                  { text: c.number, color: MUTED },
                  { text: number, bold: true },
                ],
                [{ text: c.datePaid, color: MUTED }, paidDate.format(new Date(order.paid_at))],
                ...(order.transaction_id ? [[{ text: c.transaction, color: MUTED }, order.transaction_id]] : []),
              ],
            },
            layout: 'noBorders',
          },
        ],
        columnGap: 24,
      },
      {
        margin: [0, 28, 0, 28],
        columns: [
          party(c.seller, asWritten(seller.name), [
            ...structuredAddressLines(seller.address).map(asWritten),
            ...(seller.vatNumber ? [c.vatNumber(seller.vatNumber)] : []),
          ]),
          party(c.buyer, asWritten(order.customer_name), [
            ...addressLines(asWritten(order.address)),
            order.customer_email,
            order.phone,
          ]),
        ],
        columnGap: 24,
      },
      {
        table: {
          headerRows: 1,
          widths: ['auto', '*', 'auto', 'auto', 'auto'],
          body: [
            [
              header(c.sku),
              header(c.part),
              header(c.quantity, 'right'),
              header(c.unitPrice, 'right'),
              header(c.lineTotal, 'right'),
            ],
            ...lines.map((line) => [
              { text: line.sku, noWrap: true },
              asWritten(line.part_name),
              { text: String(line.quantity), alignment: 'right' },
              money(line.unit_price_cents),
              money(Number(line.line_total_cents)),
            ]),
            [
              { text: c.total, bold: true, colSpan: 4, alignment: 'right' },
              {},
              {},
              {},
              { ...money(Number(order.total_cents)), bold: true },
            ],
          ],
        },
        layout: {
          hLineWidth: (i: number, node: { table: { body: unknown[] } }) =>
            i === 1 || i === node.table.body.length - 1 ? 1 : i === 0 || i === node.table.body.length ? 0 : 0.5,
          vLineWidth: () => 0,
          hLineColor: () => RULE,
          // The table's text lines up with the blocks above it.
          paddingLeft: (i: number) => (i === 0 ? 0 : 8),
          paddingRight: (i: number, node: { table: { widths: unknown[] } }) => (i === node.table.widths.length - 1 ? 0 : 8),
          paddingTop: () => 5,
          paddingBottom: () => 5,
        },
      },
      { text: c.paidNote, margin: [0, 24, 0, 0], color: MUTED },
    ],
  };
  return pdfmake.createPdf(definition).getBuffer();
}

/**
 * Free text in its composed form: the trimmed font places no combining marks (its mark tables are
 * dropped), so "z" followed by a combining dot is printed as the one glyph "ż", as typed on a keyboard.
 */
function asWritten(text: string): string {
  return text.normalize('NFC');
}

function addressLines(address: string): string[] {
  return address
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '');
}

function party(title: string, name: string, lines: readonly string[]) {
  return {
    stack: [
      { text: title.toUpperCase(), bold: true, color: MUTED, fontSize: 9, margin: [0, 0, 0, 4] },
      { text: name, bold: true },
      ...lines.map((line) => ({ text: line })),
    ],
  };
}
