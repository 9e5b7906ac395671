import { Fragment, useId, useState } from 'react';
import { Link } from 'react-router';
import { toast } from '../../../lib/toast';
import * as copy from '#shared/copy';
import { formatMoney } from '#shared/money';
import type { Order } from '#shared/schemas/orders';
import { paths } from '#shared/paths';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { DataTable, RowPicture } from '../../../components/data-table';
import type { Clock } from '../../../lib/clock';
import { useCancelOrderMutation } from '../api/cancel-order';
import { timeLeftToPay } from '../lib/time-left';
import { useNow } from '../lib/use-now';
import { useOrderAgain } from '../lib/use-order-again';
import { InvoiceLink } from './invoice-link';
import { LinesToggle, OrderLines, OrderReference, OrderSize, OrderTitle, orderName } from './order-lines';

interface MyOrdersTableProps {
  orders: Order[];
  /** How many orders come before this page, for the Index column. */
  offset: number;
  clock?: Clock;
}

const cell = 'md:table-cell md:px-3 md:py-3 md:align-middle';
const o = copy.orders;

function CancelCell({ order, onCancel }: { order: Order; onCancel: (order: Order) => void }) {
  if (order.status === 'pending_payment') {
    return (
      <button
        type="button"
        className="btn btn-sm btn-outline btn-error"
        aria-label={o.cancelLabel(orderName(order))}
        onClick={() => onCancel(order)}
      >
        {o.cancel}
      </button>
    );
  }
  if (order.status === 'paid') return <span className="font-semibold text-emerald-800">{o.successful}</span>;
  if (order.status === 'shipped' || order.status === 'delivered') {
    return <span className="font-semibold text-slate-800">{o.statuses[order.status]}</span>;
  }
  if (order.status === 'cancelled') {
    return (
      <span className="font-semibold text-slate-700" data-testid="cancel-reason">
        {o.cancelledBy[order.cancelReason ?? 'admin']}
      </span>
    );
  }
  return null;
}

function PaymentCell({ order, now }: { order: Order; now: number }) {
  if (order.status === 'pending_payment') {
    return (
      <div className="flex flex-col items-start gap-1">
        <Link to={paths.payment(order.id)} className="btn btn-sm btn-primary" aria-label={o.payLabel(orderName(order))}>
          {o.pay}
        </Link>
        {order.payBy ? (
          <time dateTime={order.payBy} className="text-sm text-amber-800 md:whitespace-nowrap" data-testid="time-left">
            {timeLeftToPay(order.payBy, now)}
          </time>
        ) : null}
      </div>
    );
  }
  if (order.status === 'cancelled') {
    return <span className="badge badge-sm border-0 bg-slate-100 font-semibold text-slate-800">{o.notPaid}</span>;
  }
  return (
    <div className="min-w-0">
      <span className="badge badge-sm border-0 bg-emerald-100 font-semibold text-emerald-900">{o.paid}</span>
      {order.transactionId ? (
        <p className="mt-1 font-mono text-xs break-all text-slate-600">
          <span className="sr-only">{o.transactionLabel} </span>
          {order.transactionId}
        </p>
      ) : null}
      <p className="mt-1">
        <InvoiceLink order={order} />
      </p>
    </div>
  );
}

/**
 * My Orders: Index, Picture, Name, Quantity, Price, Cancel order, Payment (docs/shop-rules.md, "Orders and payment"). An
 * unpaid order can be cancelled (after "Are you sure?") or paid, with the time left to pay; a
 * cancelled one says who cancelled it. One row per order: the first line's picture and name ("+ 2
 * more" when it has more lines), its number and booking day, its parts and units, the total and,
 * once paid, its invoice; the row opens to show every line, and "Order again" puts its lines in the cart. From md width a table; on phones each row is a card, so
 * the page never scrolls sideways.
 */
export function MyOrdersTable({ orders, offset, clock }: MyOrdersTableProps) {
  const cancel = useCancelOrderMutation();
  const { orderAgain, isOrderingAgain } = useOrderAgain();
  const now = useNow(30_000, clock);
  const linesId = useId();
  const [opened, setOpened] = useState<ReadonlySet<string>>(new Set());
  const [cancelling, setCancelling] = useState<Order | null>(null);
  // What the dialog says stays while it closes.
  const [shown, setShown] = useState<Order | null>(null);

  const toggle = (id: string) =>
    setOpened((current) => {
      const next = new Set(current);
      if (!next.delete(id)) next.add(id);
      return next;
    });

  const confirmCancel = () => {
    if (!cancelling) return;
    cancel.mutate(cancelling.id, {
      onSuccess: () => toast.success(o.cancelled),
      onSettled: () => setCancelling(null),
    });
  };

  return (
    <>
      <DataTable
        caption={copy.dashboard.myOrders}
        columns={[
          { label: o.index, className: 'w-14 px-3 py-3' },
          { label: o.picture, className: 'w-24 px-3 py-3' },
          { label: o.name, className: 'px-3 py-3' },
          { label: o.quantity, className: 'px-3 py-3 text-right' },
          { label: o.price, className: 'px-3 py-3 text-right' },
          { label: o.cancelOrder, className: 'px-3 py-3' },
          { label: o.payment, className: 'px-3 py-3' },
        ]}
      >
        {orders.map((order, index) => {
          const open = opened.has(order.id);
          const detailsId = `${linesId}-${order.id}`;
          const reordering = isOrderingAgain(order.id);
          return (
            <Fragment key={order.id}>
              <tr
                data-testid="order-row"
                className="grid grid-cols-[1.5rem_5rem_minmax(0,1fr)] items-center gap-x-3 gap-y-2 p-4 md:table-row md:p-0"
              >
                <td className={`row-span-3 self-start font-semibold text-slate-600 tabular-nums ${cell}`}>
                  {offset + index + 1}
                </td>
                <td className={`row-span-3 self-start ${cell}`}>
                  <RowPicture src={order.imageUrl} />
                </td>
                <td className={`break-words text-slate-900 ${cell}`}>
                  <p className="font-semibold">
                    <OrderTitle order={order} />
                  </p>
                  <OrderReference order={order} />
                  <div className="mt-1 flex flex-wrap items-center gap-x-2 gap-y-1">
                    <LinesToggle order={order} open={open} controls={detailsId} onToggle={() => toggle(order.id)} />
                    <button
                      type="button"
                      className="btn btn-sm btn-outline border-slate-300 bg-white text-slate-800 hover:bg-slate-50"
                      aria-label={o.orderAgainLabel(orderName(order))}
                      // Not `disabled`: disabling the focused button would drop keyboard focus onto the page's body.
                      aria-disabled={reordering || undefined}
                      onClick={() => orderAgain(order)}
                    >
                      {reordering ? <span className="loading loading-spinner loading-xs" aria-hidden="true" /> : null}
                      {o.orderAgain}
                    </button>
                  </div>
                </td>
                <td className={`text-slate-800 tabular-nums md:text-right ${cell}`}>
                  <span className="text-sm text-slate-600 md:sr-only">{o.quantity}: </span>
                  <OrderSize order={order} />
                </td>
                <td className={`text-slate-800 tabular-nums md:text-right ${cell}`}>
                  <span className="text-sm text-slate-600 md:sr-only">{o.price}: </span>
                  {formatMoney(order.totalCents)}
                </td>
                <td className={`col-span-2 mt-1 self-start md:mt-0 ${cell}`}>
                  <CancelCell
                    order={order}
                    onCancel={(next) => {
                      setCancelling(next);
                      setShown(next);
                    }}
                  />
                </td>
                <td className={`mt-1 min-w-0 self-start md:mt-0 md:w-44 ${cell}`}>
                  <PaymentCell order={order} now={now} />
                </td>
              </tr>
              {open ? (
                <tr id={detailsId} data-testid="order-lines-row" className="block bg-slate-50 md:table-row">
                  <td colSpan={7} className="block px-4 pb-3 md:table-cell md:px-3 md:pt-1 md:pb-3">
                    <OrderLines order={order} />
                  </td>
                </tr>
              ) : null}
            </Fragment>
          );
        })}
      </DataTable>
      <ConfirmDialog
        open={cancelling !== null}
        pending={cancel.isPending}
        confirmLabel={o.confirmCancelYes}
        cancelLabel={o.keepOrder}
        onConfirm={confirmCancel}
        onCancel={() => setCancelling(null)}
      >
        {shown ? (
          <p>
            {shown.lines.length > 1
              ? o.confirmCancelLines(orderName(shown), shown.lines.length, shown.quantity)
              : o.confirmCancel(shown.partName, shown.quantity)}
          </p>
        ) : null}
      </ConfirmDialog>
    </>
  );
}
