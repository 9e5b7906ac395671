import { copy } from '#shared/copy';
import { csvCell } from '../content';
import type { ExportedOrderRow } from './orders.repository';

/** Spreadsheet programs read a file that starts with it as UTF-8, so accented names come out right. */
export const UTF8_BOM = '\uFEFF';

function csvLine(cells: readonly string[]): string {
  return cells.map(csvCell).join(',') + '\r\n';
}

/** Cents as a decimal with two digits (`123450` → `1234.50`), exact for any whole number of cents. */
function decimalOf(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

export const ordersCsvHeader = csvLine(copy.manageOrders.csvColumns);

/** One order as one CSV record (RFC 4180, CRLF), its lines as `SKU × quantity` joined with `; `. */
export function orderCsvLine(order: ExportedOrderRow): string {
  return csvLine([
    order.id,
    order.created_at,
    order.paid_at ?? '',
    order.status,
    order.cancel_reason ?? '',
    order.customer_name,
    order.customer_email,
    order.phone,
    order.address,
    order.lines,
    String(order.units),
    decimalOf(order.total_cents),
    order.transaction_id ?? '',
  ]);
}
