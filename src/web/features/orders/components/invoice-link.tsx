import * as copy from '#shared/copy';
import type { Order } from '#shared/schemas/orders';
import { invoicePdfUrl } from '../api/get-invoice';

/** Paid orders and those sent on from there have an invoice; unpaid and cancelled ones none. */
export function hasInvoice(order: Order): order is Order & { invoiceNumber: string } {
  return order.invoiceNumber !== null && (order.status === 'paid' || order.status === 'shipped' || order.status === 'delivered');
}

/**
 * "Invoice INV-2026-000042": the download of the order's invoice, its number shown (to match a payment
 * to it) and read out with what the link does; nothing for an order without one.
 */
export function InvoiceLink({ order }: { order: Order }) {
  if (!hasInvoice(order)) return null;
  return (
    <a
      href={invoicePdfUrl(order.id)}
      download={copy.invoice.filename(order.invoiceNumber)}
      aria-label={copy.invoice.linkLabel(order.invoiceNumber)}
      className="link inline-flex items-start gap-1 text-sm font-semibold text-sky-800 hover:text-sky-950"
    >
      <svg aria-hidden="true" viewBox="0 0 20 20" className="mt-0.5 h-4 w-4 shrink-0 fill-current">
        <path d="M10 2a1 1 0 0 1 1 1v7.59l2.3-2.3a1 1 0 1 1 1.4 1.42l-4 4a1 1 0 0 1-1.4 0l-4-4a1 1 0 1 1 1.4-1.42L9 10.6V3a1 1 0 0 1 1-1ZM4 15a1 1 0 0 1 1 1v1h10v-1a1 1 0 1 1 2 0v2a1 1 0 0 1-1 1H4a1 1 0 0 1-1-1v-2a1 1 0 0 1 1-1Z" />
      </svg>
      {/* In a narrow column the number goes under "Invoice", whole. */}
      <span>
        {copy.invoice.link} <span className="whitespace-nowrap">{order.invoiceNumber}</span>
      </span>
    </a>
  );
}
