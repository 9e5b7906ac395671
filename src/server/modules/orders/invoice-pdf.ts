import { chargedOf } from './charged';
import { type Address, addressLines as structuredAddressLines } from '#shared/schemas/address';
import { readFileSync } from 'node:fs';
import type Pdfmake from 'pdfmake';
import * as copy from '#shared/copy';
import { formatMoney } from '#shared/money';
import type { OrderTax, TaxExemption } from '#shared/order-totals';
import type { CreditNoteRow, OrderLineRow, OrderRow } from '../../db/schema';

/** The seller block of an invoice, from the settings. */
export interface InvoiceSeller {
  name: string;
  address: Address;
  /** '' when the company has none. */
  vatNumber: string;
}

const c = copy.invoice;
const co = copy.companyOrders;

// PDF's standard fonts know Latin-1 only, so the invoice embeds Arimo: Latin with its extensions, Greek,
// Cyrillic and Vietnamese, with Helvetica's widths, so the layout stays as it was; pdfmake embeds only
// the glyphs an invoice uses (docs/decisions/0026-invoice-font.md). The files are committed trimmed to
// what a PDF needs (scripts/trim-invoice-font.sh): fontkit decodes a font's layout tables again for
// every document (docs/decisions/0035-a-trimmed-invoice-font.md). They sit next to this file in the
// sources and next to the bundle in dist/server, and are read at start: a missing font stops the
// server then, not at the first invoice.
const fontsDir = new URL('./fonts/', import.meta.url);
const arimoRegular = readFileSync(new URL('Arimo-Regular.ttf', fontsDir));
const arimoBold = readFileSync(new URL('Arimo-Bold.ttf', fontsDir));

let loadedPdfmake: Promise<typeof Pdfmake> | undefined;

/**
 * pdfmake with the invoice's font, loaded at the first document: with fontkit it holds about 25 MB
 * that a shop which never prints one should not carry.
 */
export function pdfMaker(): Promise<typeof Pdfmake> {
  loadedPdfmake ??= import('pdfmake').then(({ default: pdfmake }) => {
    pdfmake.virtualfs.writeFileSync('Arimo-Regular.ttf', arimoRegular);
    pdfmake.virtualfs.writeFileSync('Arimo-Bold.ttf', arimoBold);
    // The invoice sets nothing in italics: those faces are the upright ones rather than two more files.
    pdfmake.setFonts({
      Arimo: { normal: 'Arimo-Regular.ttf', bold: 'Arimo-Bold.ttf', italics: 'Arimo-Regular.ttf', bolditalics: 'Arimo-Bold.ttf' },
    });
    // An invoice is made only from the order and the settings: nothing is loaded from a URL or the disk.
    pdfmake.setUrlAccessPolicy(() => false);
    pdfmake.setLocalAccessPolicy(() => false);
    return pdfmake;
  });
  return loadedPdfmake;
}

const calendarDate = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });

const INK = '#0f172a';
const MUTED = '#475569';
const RULE = '#cbd5e1';

/** What differs between an invoice and a credit note: the heading's facts, and the sign of every figure. */
interface DocumentHead {
  title: string;
  number: string;
  /** Label and value rows under the title: number, date, transaction or the invoice it refers to. */
  facts: [string, string][];
  /** -1 prints every figure as a credit. */
  sign: 1 | -1;
  note: string;
}

/** The figures a document prints, in cents as charged. */
interface DocumentFigures {
  goodsCents: number;
  deliveryCents: number;
  taxes: OrderTax[];
  totalCents: number;
}

/** The invoice of a paid order as a PDF (A4): seller, buyer, every line, goods, delivery, tax by rate and the total. */
export async function renderInvoicePdf(order: OrderRow, lines: readonly OrderLineRow[], seller: InvoiceSeller): Promise<Buffer> {
  const number = order.invoice_number;
  const po: [string, string][] = order.po_number ? [[co.poNumber, order.po_number]] : [];
  if (number && order.payment_method === 'account' && order.invoiced_at && order.due_date) {
    // On account: issued when confirmed, due by the terms' days after ("Due by 2027-01-05 (Net 30)").
    const issued = order.invoiced_at.slice(0, 10);
    const days = Math.round((Date.parse(`${order.due_date}T00:00:00Z`) - Date.parse(`${issued}T00:00:00Z`)) / 86_400_000);
    const head: DocumentHead = {
      title: c.title,
      number,
      facts: [
        [c.number, number],
        [c.dateIssued, calendarDate.format(new Date(order.invoiced_at))],
        ...po,
        [co.paymentTerms, co.onAccount(days)],
      ],
      sign: 1,
      note: co.dueBy(order.due_date, days),
    };
    return renderDocument(head, order, lines, seller, figuresOfOrder(order));
  }
  if (!number || !order.paid_at) throw new Error(`order ${order.id} has no invoice: it is not paid`);
  const head: DocumentHead = {
    title: c.title,
    number,
    facts: [
      [c.number, number],
      [c.datePaid, calendarDate.format(new Date(order.paid_at))],
      ...po,
      ...(order.transaction_id ? [[c.transaction, order.transaction_id] as [string, string]] : []),
    ],
    sign: 1,
    note: c.paidNote,
  };
  return renderDocument(head, order, lines, seller, figuresOfOrder(order));
}

/**
 * A credit note as a PDF, laid out as the invoice it refers to: the same seller, buyer and lines, and
 * every figure as credited (negative).
 */
export async function renderCreditNotePdf(
  creditNote: CreditNoteRow,
  order: OrderRow,
  lines: readonly OrderLineRow[],
  seller: InvoiceSeller,
): Promise<Buffer> {
  const head: DocumentHead = {
    title: c.creditNoteTitle,
    number: creditNote.number,
    facts: [
      [c.creditNoteNumber, creditNote.number],
      [c.dateIssued, calendarDate.format(new Date(creditNote.issued_at))],
      [c.refersTo, creditNote.invoice_number],
    ],
    sign: -1,
    note: c.creditNoteNote,
  };
  const figures: DocumentFigures = {
    goodsCents: Number(creditNote.goods_cents),
    deliveryCents: Number(creditNote.delivery_cents),
    taxes: JSON.parse(creditNote.taxes) as OrderTax[],
    totalCents: Number(creditNote.total_cents),
  };
  return renderDocument(head, order, lines, seller, figures);
}

/** An order's figures as charged. */
function figuresOfOrder(order: OrderRow): DocumentFigures {
  return chargedOf(order);
}

async function renderDocument(
  head: DocumentHead,
  order: OrderRow,
  lines: readonly OrderLineRow[],
  seller: InvoiceSeller,
  figures: DocumentFigures,
): Promise<Buffer> {
  // In the currency the order was placed in, whatever the shop prices in today.
  const amount = (cents: number) => formatMoney(head.sign * cents, order.currency);
  const money = (cents: number) => ({ text: amount(cents), alignment: 'right', noWrap: true });
  const header = (text: string, alignment = 'left') => ({ text, bold: true, color: MUTED, fontSize: 9, alignment, noWrap: true });
  // Placed before orders had a delivery address and figures: it prints as it always did, its goods its total.
  const legacy = order.goods_cents === null;
  const exemption = order.tax_exemption ? (JSON.parse(order.tax_exemption) as TaxExemption) : undefined;
  // An order booked with the address as one text keeps it as its delivery address's first line, with no
  // city: its text prints as typed.
  const stored = order.delivery_address ? (JSON.parse(order.delivery_address) as Address) : null;
  const deliveryAddress = stored && stored.city !== '' ? stored : null;

  const totalsRows: unknown[][] = [
    [{ text: c.goodsSubtotal }, money(figures.goodsCents)],
    ...(legacy
      ? []
      : [
          [
            { text: copy.totals.delivery },
            figures.deliveryCents === 0 ? { text: copy.totals.deliveryFree, alignment: 'right' } : money(figures.deliveryCents),
          ],
        ]),
    ...figures.taxes.map((tax) => [
      { text: c.taxOn(copy.totals.tax(tax.name, String(tax.ratePercent)), amount(tax.baseCents)), noWrap: true },
      money(tax.amountCents),
    ]),
    [
      { text: c.total, bold: true },
      { ...money(figures.totalCents), bold: true },
    ],
  ];
  const exemptionLines = !exemption
    ? []
    : exemption.kind === 'exempt'
      ? [asWritten(copy.totals.exempt(exemption.reason))]
      : [copy.totals.reverseCharge, c.sellerVatId(exemption.sellerVatId), c.buyerVatId(exemption.buyerVatId)];

  const definition = {
    info: { title: `${head.title} ${head.number}`, author: seller.name, subject: `${head.title} ${head.number}` },
    pageSize: 'A4',
    pageMargins: [48, 56, 48, 56],
    // Arimo's line box (1.117 em) is taller than Helvetica's (0.925 em), leaving room for accented capitals:
    // at 1 its lines are about as far apart as Helvetica's were at 1.2 (11.2 against 11.1 points).
    defaultStyle: { font: 'Arimo', fontSize: 10, color: INK, lineHeight: 1 },
    content: [
      {
        columns: [
          { text: head.title, fontSize: 26, bold: true },
          {
            width: 'auto',
            table: {
              body: head.facts.map(([label, value], index) => [
                { text: label, color: MUTED },
                index === 0 ? { text: value, bold: true } : value,
              ]),
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
            ...(deliveryAddress ? structuredAddressLines(deliveryAddress) : addressLines(order.address)).map(asWritten),
            order.customer_email,
            order.phone,
            ...(order.buyer_vat_id ? [c.buyerVatId(order.buyer_vat_id)] : []),
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
              // The number the buyer ordered by, when it was a replaced one, is kept on the invoice.
              line.ordered_number
                ? { stack: [asWritten(line.part_name), asWritten(copy.supersessions.orderedAs(line.ordered_number))] }
                : asWritten(line.kind === 'core' ? copy.orders.coreDepositLine(line.part_name) : line.part_name),
              { text: String(line.quantity), alignment: 'right' },
              money(line.unit_price_cents),
              money(Number(line.line_total_cents)),
            ]),
          ],
        },
        layout: {
          hLineWidth: (i: number, node: { table: { body: unknown[] } }) =>
            i === 1 || i === node.table.body.length ? 1 : i === 0 ? 0 : 0.5,
          vLineWidth: () => 0,
          hLineColor: () => RULE,
          // The table's text lines up with the blocks above it.
          paddingLeft: (i: number) => (i === 0 ? 0 : 8),
          paddingRight: (i: number, node: { table: { widths: unknown[] } }) => (i === node.table.widths.length - 1 ? 0 : 8),
          paddingTop: () => 5,
          paddingBottom: () => 5,
        },
      },
      // Goods, delivery, each rate's tax with what it was charged on, and the total: a small table at the right.
      {
        columns: [
          { text: '', width: '*' },
          {
            width: 'auto',
            table: { widths: ['auto', 'auto'], body: totalsRows },
            layout: {
              hLineWidth: (i: number, node: { table: { body: unknown[] } }) => (i === node.table.body.length - 1 ? 1 : 0),
              vLineWidth: () => 0,
              hLineColor: () => RULE,
              paddingLeft: (i: number) => (i === 0 ? 0 : 24),
              paddingRight: () => 0,
              paddingTop: () => 4,
              paddingBottom: () => 4,
            },
          },
        ],
        margin: [0, 6, 0, 0],
      },
      ...(exemptionLines.length > 0 ? [{ stack: exemptionLines.map((text) => ({ text })), margin: [0, 18, 0, 0] }] : []),
      // A credit note's order is not delivered.
      ...(order.expected_delivery && head.sign === 1
        ? [
            {
              text: c.expectedDelivery(calendarDate.format(new Date(`${order.expected_delivery}T00:00:00Z`))),
              margin: [0, 18, 0, 0],
            },
          ]
        : []),
      { text: head.note, margin: [0, 24, 0, 0], color: MUTED },
    ],
  };
  return (await pdfMaker()).createPdf(definition).getBuffer();
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
