import * as copy from '#shared/copy';
import { formatMoney } from '#shared/money';
import type { Order } from '#shared/schemas/orders';
import { Picture } from '../../../components/picture';
import { formatDate } from '../../../lib/format-date';
import { formatCount } from '#shared/numbers';

const o = copy.orders;

/** The lines of parts, a core deposit being no part of its own (an order's answer from before kinds has only parts). */
const partLinesOf = (order: Pick<Order, 'lines'>) => order.lines.filter((line) => line.kind !== 'core');

/** How many part lines an order has beyond its first (an order from before lines counts as one). */
function moreLinesOf(order: Pick<Order, 'lines'>): number {
  return Math.max(0, partLinesOf(order).length - 1);
}

/** An order's name in buttons' accessible names: its first part, and how many more ("Brake pads and 2 more"). */
export function orderName(order: Pick<Order, 'partName' | 'lines'>): string {
  return o.orderName(order.partName, moreLinesOf(order));
}

/**
 * An order's size: how many parts and how many units ("5 parts, 108 units"), never the units of
 * different parts summed into one quantity; in a narrow column it breaks after the comma. An order
 * from before lines counts as one part.
 */
export function OrderSize({ order }: { order: Pick<Order, 'lines' | 'quantity'> }) {
  return (
    <>
      <span className="whitespace-nowrap">{o.parts(Math.max(1, partLinesOf(order).length))},</span>{' '}
      <span className="whitespace-nowrap">{o.units(order.quantity)}</span>
    </>
  );
}

/**
 * How the shop names the order, and the day it was booked, a line each: "Order 0195F3A2-9C41-7A3B",
 * "Booked March 4, 2026". The number and the day stay whole; on a phone's card, and in a `narrow`
 * column (Manage All Orders at 1280 px), "Order" and "Booked" may go on the line before them.
 */
export function OrderReference({ order, narrow = false }: { order: Pick<Order, 'number' | 'createdAt'>; narrow?: boolean }) {
  const line = narrow ? 'block' : 'block md:whitespace-nowrap';
  return (
    <p className="mt-0.5 text-sm text-slate-600" data-testid="order-reference">
      <span className={line}>
        {o.orderNumberLabel} <span className="whitespace-nowrap">{order.number}</span>
      </span>
      <span className="sr-only">. </span>
      <span className={line}>
        {o.bookedLabel}{' '}
        <time dateTime={order.createdAt} className="whitespace-nowrap">
          {formatDate(order.createdAt)}
        </time>
      </span>
    </p>
  );
}

/** The first line's name, then "+ N more" when the order has more lines. */
export function OrderTitle({ order }: { order: Pick<Order, 'partName' | 'lines'> }) {
  const more = moreLinesOf(order);
  return (
    <>
      {order.partName}
      {more > 0 ? (
        <span className="ml-1.5 text-sm font-semibold whitespace-nowrap text-slate-600" data-testid="more-lines">
          {o.moreLines(more)}
        </span>
      ) : null}
    </>
  );
}

interface LinesToggleProps {
  order: Pick<Order, 'partName' | 'lines'>;
  open: boolean;
  /** The id of the lines' row, named while it is shown. */
  controls: string;
  onToggle: () => void;
}

/**
 * The disclosure of an order's lines. Its text says what it does ("Show the 3 lines"); the rest of its
 * name, for screen readers, says whose lines, since every row has one.
 */
export function LinesToggle({ order, open, controls, onToggle }: LinesToggleProps) {
  const count = Math.max(1, order.lines.length);
  return (
    <button
      type="button"
      className="btn btn-ghost btn-sm -ml-2 gap-1 px-2 font-semibold whitespace-nowrap text-brand-700 hover:bg-brand-50"
      aria-expanded={open}
      aria-controls={open ? controls : undefined}
      onClick={onToggle}
    >
      <svg
        viewBox="0 0 20 20"
        fill="currentColor"
        aria-hidden="true"
        className={`h-4 w-4 shrink-0 transition-transform motion-reduce:transition-none ${open ? 'rotate-90' : ''}`}
      >
        <path d="M7.2 4.2a1 1 0 011.4 0l5 5a1 1 0 010 1.4l-5 5a1 1 0 01-1.4-1.4L11.5 10 7.2 5.7a1 1 0 010-1.5z" />
      </svg>
      {open ? o.hideLines(count) : o.showLines(count)}
      <span className="sr-only"> {o.linesOf(orderName(order))}</span>
    </button>
  );
}

const cell = 'sm:table-cell sm:px-3 sm:py-2.5 sm:align-middle';
const label = 'text-slate-600 sm:sr-only';

/**
 * Every line of an order: picture, SKU, name, quantity, unit price and line total. From sm width a
 * table; on phones each line is a small card (picture on the left, the rest beside it).
 */
export function OrderLines({ order }: { order: Pick<Order, 'partName' | 'lines' | 'currency'> }) {
  return (
    <table className="w-full text-left text-sm" data-testid="order-lines">
      <caption className="sr-only">{o.linesCaption(orderName(order))}</caption>
      <thead className="sr-only text-xs font-bold tracking-wider text-slate-600 uppercase sm:not-sr-only sm:table-header-group">
        <tr>
          <th scope="col" className="w-16 px-3 py-2">
            <span className="sr-only">{o.picture}</span>
          </th>
          <th scope="col" className="px-3 py-2">
            {o.sku}
          </th>
          <th scope="col" className="px-3 py-2">
            {o.name}
          </th>
          <th scope="col" className="px-3 py-2 text-right">
            {o.quantity}
          </th>
          <th scope="col" className="px-3 py-2 text-right">
            {o.unitPrice}
          </th>
          <th scope="col" className="px-3 py-2 text-right">
            {o.lineTotal}
          </th>
        </tr>
      </thead>
      <tbody className="divide-y divide-slate-200">
        {order.lines.map((line) => (
          <tr
            key={line.id}
            data-testid="order-line"
            className="grid grid-cols-[3.5rem_minmax(0,1fr)_auto] items-start gap-x-3 gap-y-0.5 py-3 sm:table-row sm:py-0"
          >
            <td className={`row-span-4 ${cell}`}>
              <Picture src={line.imageUrl} alt="" width={56} height={42} sizes="56px" className="aspect-[4/3] w-14 rounded-md" />
            </td>
            <td
              className={`col-start-2 row-start-2 font-mono text-xs break-all text-slate-700 sm:text-sm sm:break-normal sm:whitespace-nowrap ${cell}`}
            >
              <span className="sr-only">{o.sku}: </span>
              {line.sku}
              {line.orderedNumber ? (
                <span className="block font-sans text-slate-600">{copy.supersessions.orderedAs(line.orderedNumber)}</span>
              ) : null}
            </td>
            <td className={`col-start-2 row-start-1 font-semibold break-words text-slate-900 ${cell}`}>
              {line.kind === 'core' ? o.coreDepositLine(line.partName) : line.partName}
            </td>
            <td className={`col-start-2 row-start-3 text-slate-800 tabular-nums sm:text-right ${cell}`}>
              <span className={label}>{o.quantity}: </span>
              {formatCount(line.quantity)}
            </td>
            <td className={`col-start-2 row-start-4 text-slate-800 tabular-nums sm:text-right ${cell}`}>
              <span className={label}>{o.unitPrice}: </span>
              {formatMoney(line.unitPriceCents, order.currency)}
            </td>
            <td className={`col-start-3 row-start-1 font-semibold text-slate-900 tabular-nums sm:text-right ${cell}`}>
              <span className="sr-only">{o.lineTotal}: </span>
              {formatMoney(line.lineTotalCents, order.currency)}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
