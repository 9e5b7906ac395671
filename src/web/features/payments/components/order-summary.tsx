import * as copy from '#shared/copy';
import { formatMoney } from '#shared/money';
import type { Order } from '#shared/schemas/orders';
import { OrderTotals } from '../../../components/order-totals';
import { Picture } from '../../../components/picture';

/**
 * The payment page's summary: "Hello, NAME", "Please Pay for PART" (or "PART and 2 more"), the order's
 * number, its size as parts and units ("5 parts, 108 units": never the units of different parts summed
 * into one quantity), the picture; an order of several parts lists them. Then its figures as stored
 * when it was placed (goods, delivery, tax per rate, total, expected delivery): the total is what the
 * card pays, the same cent the invoice prints.
 */
export function OrderSummary({ name, order }: { name: string; order: Order }) {
  const p = copy.payment;
  return (
    <div
      className="flex items-start gap-4 overflow-hidden rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-5 lg:block lg:p-0"
      data-testid="order-summary"
    >
      <Picture
        src={order.imageUrl}
        alt={order.partName}
        width={640}
        height={480}
        sizes="(min-width: 1024px) 400px, 160px"
        priority
        className="aspect-[4/3] w-28 shrink-0 rounded-lg object-cover sm:w-40 lg:max-h-64 lg:w-full lg:rounded-none"
      />
      <div className="min-w-0 flex-1 lg:p-6">
        <p className="font-semibold break-words text-slate-600">{p.hello(name)}</p>
        <h3 className="mt-1 text-lg font-extrabold tracking-tight break-words text-slate-900 sm:text-xl">
          {p.payFor(p.partsOfOrder(order.partName, Math.max(order.lines.length - 1, 0)))}
        </h3>
        <p className="mt-1 text-sm text-slate-600" data-testid="order-number">
          {copy.orders.orderNumberLabel} <span className="whitespace-nowrap">{order.number}</span>
        </p>
        <dl className="mt-3 lg:mt-4">
          <dt className="text-sm font-semibold text-slate-600">{p.quantity}</dt>
          <dd className="text-lg font-bold text-slate-900 tabular-nums" data-testid="order-size">
            {copy.orders.partsAndUnits(Math.max(1, order.lines.length), order.quantity)}
          </dd>
        </dl>
        {order.lines.length > 1 && (
          <ul aria-label={p.linesLabel} className="mt-4 divide-y divide-slate-100 border-t border-slate-100 text-sm">
            {order.lines.map((line) => (
              <li key={line.partId} className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-0.5 py-2">
                <span className="min-w-0 font-semibold break-words text-slate-800">
                  {line.partName} <span className="font-normal text-slate-500">{line.sku}</span>
                </span>
                <span className="text-slate-600 tabular-nums">
                  {p.lineOf(line.quantity, formatMoney(line.unitPriceCents, order.currency))} ={' '}
                  <span className="font-semibold text-slate-900">{formatMoney(line.lineTotalCents, order.currency)}</span>
                </span>
              </li>
            ))}
          </ul>
        )}
        <OrderTotals
          totals={order}
          currency={order.currency}
          testId="order-totals"
          className="mt-4 border-t border-slate-100 pt-3"
        />
      </div>
    </div>
  );
}
