import * as copy from '#shared/copy';
import type { Order } from '#shared/schemas/orders';
import { creditNotePdfUrl, invoicePdfUrl } from '../../../lib/document-urls';

/**
 * Paid orders and those sent on from there have an invoice, and so does a paid order an admin cancelled
 * (its credit note refers to it); unpaid ones, and those cancelled unpaid, none. An order on account
 * is invoiced when confirmed, before it is paid.
 */
export function hasInvoice(order: Order): order is Order & { invoiceNumber: string } {
  return order.invoiceNumber !== null && (order.paidAt !== null || order.payment === 'account');
}

const DOWNLOAD_ICON =
  'M10 2a1 1 0 0 1 1 1v7.59l2.3-2.3a1 1 0 1 1 1.4 1.42l-4 4a1 1 0 0 1-1.4 0l-4-4a1 1 0 1 1 1.4-1.42L9 10.6V3a1 1 0 0 1 1-1ZM4 15a1 1 0 0 1 1 1v1h10v-1a1 1 0 1 1 2 0v2a1 1 0 0 1-1 1H4a1 1 0 0 1-1-1v-2a1 1 0 0 1 1-1Z';

/**
 * "Invoice INV-2026-000042": the download of the order's invoice, its number shown (to match a payment
 * to it) and read out with what the link does; nothing for an order without one.
 */
export function InvoiceLink({ order }: { order: Order }) {
  if (!hasInvoice(order)) return null;
  return (
    <PdfLink
      href={invoicePdfUrl(order.id)}
      number={order.invoiceNumber}
      label={copy.invoice.linkLabel(order.invoiceNumber)}
      text={copy.invoice.link}
    />
  );
}

/** A document's download: its icon, what it is and its number, read out with what the link does. */
function PdfLink({ href, number, label, text }: { href: string; number: string; label: string; text: string }) {
  return (
    <a
      href={href}
      download={copy.invoice.filename(number)}
      aria-label={label}
      className="link inline-flex items-start gap-1 text-sm font-semibold text-sky-800 hover:text-sky-950"
    >
      <svg aria-hidden="true" viewBox="0 0 20 20" className="mt-0.5 h-4 w-4 shrink-0 fill-current">
        <path d={DOWNLOAD_ICON} />
      </svg>
      {/* In a narrow column the number goes under the word, whole. */}
      <span>
        {text} <span className="whitespace-nowrap">{number}</span>
      </span>
    </a>
  );
}

/** "Credit note CN-2026-000007": one credit note's download (an order's, a return's). */
export function CreditNoteLink({ number }: { number: string }) {
  return (
    <PdfLink
      href={creditNotePdfUrl(number)}
      number={number}
      label={copy.invoice.creditNoteLinkLabel(number)}
      text={copy.invoice.creditNoteLink}
    />
  );
}

/** One download per credit note of an order (a paid order cancelled, a return credited), under its invoice's. */
export function CreditNoteLinks({ order }: { order: Order }) {
  if (order.creditNotes.length === 0) return null;
  return (
    <ul className="mt-1 space-y-1">
      {order.creditNotes.map((note) => (
        <li key={note.number}>
          <CreditNoteLink number={note.number} />
        </li>
      ))}
    </ul>
  );
}
