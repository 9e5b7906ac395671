import { Fragment, useId, useState } from 'react';
import { toast } from '../../../lib/toast';
import * as copy from '#shared/copy';
import { formatMoney } from '#shared/money';
import type { Order } from '#shared/schemas/orders';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { DataTable, RowPicture } from '../../../components/data-table';
import { useCancelOrderMutation } from '../api/cancel-order';
import { useUpdateOrderStatusMutation } from '../api/update-order-status';
import { AdminOrderStatus } from './admin-order-status';
import { InvoiceLink } from './invoice-link';
import { LinesToggle, OrderLines, OrderReference, OrderSize, OrderTitle, orderName } from './order-lines';

interface AdminOrdersTableProps {
  orders: Order[];
  /** How many orders come before this page, for the Index column. */
  offset: number;
}

const t = copy.manageOrders;

/*
 * Seven columns need more room than the dashboard has beside its sidebar below 1280 px, so the table
 * starts at xl; below that each row is a card (index and picture on the left, the order beside them,
 * the customer underneath), and the page never scrolls sideways. Beside the sidebar the panel is at
 * most about 900 px wide, which is why the action sits under the status instead of in a column of its own.
 */
const cell = 'xl:table-cell xl:px-3 xl:py-4 xl:align-middle';
const label = 'text-sm text-slate-600 xl:sr-only';

function ActionButton({
  children,
  tone,
  pending,
  ariaLabel,
  onClick,
}: {
  children: string;
  tone: 'advance' | 'danger';
  pending: boolean;
  ariaLabel: string;
  onClick: () => void;
}) {
  const colours = tone === 'advance' ? 'border-slate-900 bg-slate-900 text-white hover:bg-slate-800' : 'btn-outline btn-error';
  return (
    <button
      type="button"
      className={`btn btn-sm whitespace-nowrap ${colours}`}
      aria-label={ariaLabel}
      // Not `disabled`: disabling the focused button would drop keyboard focus onto the page's body.
      aria-disabled={pending || undefined}
      onClick={() => {
        if (!pending) onClick();
      }}
    >
      {pending ? <span className="loading loading-spinner loading-xs" aria-hidden="true" /> : null}
      {children}
    </button>
  );
}

/**
 * Manage All Orders: Index, Customer (name, email, phone, address), Picture, Part, Quantity, Price, and
 * Status with the one action the status allows: Mark shipped (paid), Mark delivered (shipped), or Cancel
 * (unpaid, after "Are you sure?"). One row per order: the first line's picture and name ("+ 2 more"
 * when it has more lines), the units and the total; the row opens to show every line.
 */
export function AdminOrdersTable({ orders, offset }: AdminOrdersTableProps) {
  const updateStatus = useUpdateOrderStatusMutation();
  const cancel = useCancelOrderMutation();
  const [cancelling, setCancelling] = useState<Order | null>(null);
  // What the dialog says stays while it closes.
  const [shownCancel, setShownCancel] = useState<Order | null>(null);
  const linesId = useId();
  const [opened, setOpened] = useState<ReadonlySet<string>>(new Set());

  const toggle = (id: string) =>
    setOpened((current) => {
      const next = new Set(current);
      if (!next.delete(id)) next.add(id);
      return next;
    });

  const advance = (order: Order) => {
    const status = order.status === 'paid' ? 'shipped' : 'delivered';
    updateStatus.mutate(
      { id: order.id, status },
      { onSuccess: () => toast.success(status === 'shipped' ? t.markedShipped : t.markedDelivered) },
    );
  };

  const confirmCancel = () => {
    if (!cancelling) return;
    cancel.mutate(cancelling.id, {
      onSuccess: () => toast.success(t.cancelled),
      onSettled: () => setCancelling(null),
    });
  };

  const isUpdating = (order: Order) => updateStatus.isPending && updateStatus.variables?.id === order.id;

  return (
    <>
      <DataTable
        caption={copy.dashboard.manageOrders}
        cardsBelow="xl"
        columns={[
          { label: t.index, className: 'w-12 px-3 py-3' },
          { label: t.customer, className: 'px-3 py-3' },
          { label: t.picture, className: 'w-20 px-3 py-3' },
          { label: t.part, className: 'px-3 py-3' },
          { label: t.quantity, className: 'px-3 py-3 text-right' },
          { label: t.price, className: 'px-3 py-3 text-right' },
          { label: t.status, className: 'px-3 py-3' },
        ]}
      >
        {orders.map((order, index) => {
          const name = (action: string) => t.actionLabel(action, orderName(order), order.customer.name);
          const open = opened.has(order.id);
          const detailsId = `${linesId}-${order.id}`;
          return (
            <Fragment key={order.id}>
              <tr
                data-testid="order-row"
                className="grid grid-cols-[1.5rem_4rem_minmax(0,1fr)] items-start gap-x-3 gap-y-1 p-4 xl:table-row xl:p-0"
              >
                <td className={`col-start-1 row-span-4 row-start-1 pt-0.5 font-semibold text-slate-600 tabular-nums ${cell}`}>
                  {offset + index + 1}
                </td>
                <td
                  className={`col-span-2 col-start-2 row-start-5 mt-3 rounded-lg bg-slate-50 px-3 py-2.5 text-sm xl:rounded-none xl:bg-transparent ${cell}`}
                >
                  <p className="mb-1 text-xs font-bold tracking-wider text-slate-600 uppercase xl:sr-only">{t.customer}</p>
                  <div className="xl:w-36">
                    <p className="font-semibold break-words text-slate-900">{order.customer.name}</p>
                    <p className="break-all text-slate-700">{order.customer.email}</p>
                    <p className="whitespace-nowrap text-slate-700 tabular-nums">{order.customer.phone}</p>
                    <p className="break-words whitespace-pre-line text-slate-700">{order.customer.address}</p>
                  </div>
                </td>
                <td className={`col-start-2 row-span-4 row-start-1 ${cell}`}>
                  <RowPicture src={order.imageUrl} small />
                </td>
                <td className={`col-start-3 row-start-1 break-words text-slate-900 ${cell}`}>
                  <p className="font-semibold">
                    <OrderTitle order={order} />
                  </p>
                  <OrderReference order={order} narrow />
                  <LinesToggle order={order} open={open} controls={detailsId} onToggle={() => toggle(order.id)} />
                </td>
                <td className={`col-start-3 row-start-2 text-slate-800 tabular-nums xl:text-right ${cell}`}>
                  <span className={label}>{t.quantity}: </span>
                  <OrderSize order={order} />
                </td>
                <td className={`col-start-3 row-start-3 text-slate-800 tabular-nums xl:text-right ${cell}`}>
                  <span className={label}>{t.price}: </span>
                  <span className="font-semibold text-slate-900">{formatMoney(order.totalCents)}</span>
                  {order.lines.length <= 1 ? (
                    <span className="block text-xs whitespace-nowrap text-slate-600">
                      {t.each(formatMoney(order.unitPriceCents))}
                    </span>
                  ) : null}
                </td>
                <td className={`col-start-3 row-start-4 pt-1 ${cell}`}>
                  <div className="flex flex-wrap items-center gap-x-3 gap-y-2 xl:flex-col xl:items-start">
                    <span>
                      <span className="sr-only">{t.status}: </span>
                      <AdminOrderStatus order={order} />
                    </span>
                    <InvoiceLink order={order} />
                    {order.status === 'paid' || order.status === 'shipped' ? (
                      <ActionButton
                        tone="advance"
                        pending={isUpdating(order)}
                        ariaLabel={name(order.status === 'paid' ? t.markShipped : t.markDelivered)}
                        onClick={() => advance(order)}
                      >
                        {order.status === 'paid' ? t.markShipped : t.markDelivered}
                      </ActionButton>
                    ) : order.status === 'pending_payment' ? (
                      <ActionButton
                        tone="danger"
                        pending={cancel.isPending && cancel.variables === order.id}
                        ariaLabel={name(t.cancel)}
                        onClick={() => {
                          setCancelling(order);
                          setShownCancel(order);
                        }}
                      >
                        {t.cancel}
                      </ActionButton>
                    ) : null}
                  </div>
                </td>
              </tr>
              {open ? (
                <tr id={detailsId} data-testid="order-lines-row" className="block bg-slate-50 xl:table-row">
                  <td colSpan={7} className="block px-4 pb-3 xl:table-cell xl:px-3 xl:pt-1 xl:pb-3">
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
        confirmLabel={t.confirmCancelYes}
        cancelLabel={t.keepOrder}
        onConfirm={confirmCancel}
        onCancel={() => setCancelling(null)}
      >
        {shownCancel ? <p>{t.confirmCancel(orderName(shownCancel), shownCancel.customer.name)}</p> : null}
      </ConfirmDialog>
    </>
  );
}
