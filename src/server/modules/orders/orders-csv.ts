import pg from 'pg';
import * as copy from '#shared/copy';
import { ORDER_NUMBER_LENGTH, orderNumberOf } from '#shared/order-number';
import type { OrderStatus } from '#shared/schemas/orders';
import { csvLine, decimalOf } from '../content';
import type { ExportedOrderRow } from './orders.repository';

// The export's stream starts with it (orders.service.ts).
export { UTF8_BOM } from '../content';

export const ordersCsvHeader = csvLine(copy.manageOrders.csvColumns);

/**
 * One order as one CSV record (RFC 4180, CRLF), its lines as `SKU × quantity` joined with `; `. The
 * columns added later come last, so that a sheet reading the earlier ones by position still reads
 * them: the order's number, its invoice number and the day it was paid (UTC), to match a payment to
 * its invoice; then what the total is made of (goods, delivery, tax; goods + delivery + tax = total)
 * and the delivery country; then, for a trade account's order, its company, the buyer's purchase-order
 * number, how it is paid (card or account) and, on account, its due date. An order placed before tax
 * and delivery were charged has its total as its goods and no country.
 */
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
    orderNumberOf(order.id),
    order.invoice_number ?? '',
    order.paid_at?.slice(0, 10) ?? '',
    decimalOf(order.goods_cents ?? order.total_cents),
    decimalOf(order.delivery_cents),
    decimalOf(order.tax_cents),
    order.delivery_country ?? '',
    order.company_name ?? '',
    order.po_number ?? '',
    order.payment_method,
    order.due_date ?? '',
  ]);
}

/** The first characters csvCell guards, as a PostgreSQL list. */
const FORMULA_STARTS = `('=', '+', '-', '@', e'\\t', e'\\r')`;

/**
 * csvCell in PostgreSQL, for a text expression: the same bytes for every value (the export's tests
 * compare the two). `translate` drops the characters that call for quotes; a shorter result had some.
 */
function csvCellSql(text: string): string {
  const guard = `case when left(${text}, 1) in ${FORMULA_STARTS} then '''' else '' end`;
  return (
    `(case when length(translate(${text}, e'",\\r\\n', '')) < length(${text}) ` +
    `then '"' || ${guard} || replace(${text}, '"', '""') || '"' ` +
    `else ${guard} || ${text} end)`
  );
}

/** Which orders an export holds: a status and booking times from/until, inclusive (ISO texts). */
export interface OrdersExportFilter {
  status?: OrderStatus | undefined;
  bookedFrom?: string | undefined;
  bookedUntil?: string | undefined;
}

/**
 * The export in PostgreSQL: a select of one text column, each row an order's CSV record (CRLF
 * included), newest first, for PostgreSQL to stream as bytes (`copyOutText`). It writes the same
 * record as orderCsvLine: identifiers, times, statuses and numbers cannot hold a character csvCell
 * changes, so only the cells people type go through it. COPY takes no parameters: the filter's values
 * are literals, escaped.
 */
export function ordersCsvSelectSql({ status, bookedFrom, bookedUntil }: OrdersExportFilter): string {
  const conditions = [
    status !== undefined && `o.status = ${pg.escapeLiteral(status)}`,
    bookedFrom !== undefined && `o.created_at >= ${pg.escapeLiteral(bookedFrom)}`,
    bookedUntil !== undefined && `o.created_at <= ${pg.escapeLiteral(bookedUntil)}`,
  ].filter((condition) => condition !== false);
  // decimalOf, sign included: integer division truncates, so it divides the absolute value.
  const decimal = (cents: string) =>
    `case when ${cents} < 0 then '-' else '' end || (abs(${cents}) / 100)::text || '.' || ` +
    `lpad((abs(${cents}) % 100)::text, 2, '0')`;
  const cells = [
    'o.id',
    'o.created_at',
    "coalesce(o.paid_at, '')",
    'o.status',
    "coalesce(o.cancel_reason, '')",
    csvCellSql('o.customer_name'),
    csvCellSql('o.customer_email'),
    csvCellSql('o.phone'),
    csvCellSql('o.address'),
    csvCellSql('ol.lines'),
    'ol.units::text',
    decimal('o.total_cents'),
    csvCellSql("coalesce(o.transaction_id, '')"),
    `upper(substr(o.id, 1, ${ORDER_NUMBER_LENGTH}))`,
    "coalesce(o.invoice_number, '')",
    "coalesce(substr(o.paid_at, 1, 10), '')",
    decimal('coalesce(o.goods_cents, o.total_cents)'),
    decimal('o.delivery_cents'),
    decimal('o.tax_cents'),
    csvCellSql("coalesce(o.delivery_address::jsonb ->> 'country', '')"),
    csvCellSql("coalesce((select c.name from companies c where c.id = o.company_id), '')"),
    csvCellSql("coalesce(o.po_number, '')"),
    'o.payment_method',
    "coalesce(o.due_date, '')",
  ];
  return (
    `select ${cells.join(" || ',' || ")} || e'\\r\\n' from orders o cross join lateral (` +
    "select coalesce(string_agg(l.sku || ' × ' || l.quantity, '; ' order by l.position), '') as lines, " +
    "coalesce(sum(l.quantity), 0) as units from order_lines l where l.order_id = o.id and l.kind = 'part') ol" +
    (conditions.length > 0 ? ` where ${conditions.join(' and ')}` : '') +
    ' order by o.created_at desc, o.id desc'
  );
}
