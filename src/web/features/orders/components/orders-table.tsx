import { Fragment, type ReactNode, useId, useState } from 'react';
import { Link } from 'react-router';
import * as copy from '#shared/copy';
import { formatMoney } from '#shared/money';
import { paths } from '#shared/paths';
import type { Order } from '#shared/schemas/orders';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { DataTable, RowPicture } from '../../../components/data-table';
import type { Clock } from '../../../lib/clock';
import { toast } from '../../../lib/toast';
import { useCancelOrderMutation } from '../api/cancel-order';
import { useUpdateOrderStatusMutation } from '../api/update-order-status';
import { timeLeftToPay } from '../lib/time-left';
import { useNow } from '../lib/use-now';
import { useOrderAgain } from '../lib/use-order-again';
import { AdminOrderStatus } from './admin-order-status';
import { CreditNoteLinks, InvoiceLink } from './invoice-link';
import { LinesToggle, OrderLines, OrderReference, OrderSize, OrderTitle, orderName } from './order-lines';
import { isOnAccount } from '../lib/member-order';
import { ApprovalActions, DeclineReason, DueDate, MemberOrderFacts } from './member-order-parts';

const o = copy.orders;
const t = copy.manageOrders;
const m = copy.memberOrders;

/** My Orders shows a customer their own orders; Manage All Orders shows an admin everyone's. */
export type OrdersTableView = 'customer' | 'admin';

interface OrdersTableProps {
  orders: Order[];
  /** How many orders come before this page, for the Index column. */
  offset: number;
  view: OrdersTableView;
  clock?: Clock;
  /** My Orders of a company admin: every order of the company, with "Approve" and "Decline" where one waits. */
  companyAdmin?: boolean;
  /** More buttons beside "Order again" on My Orders (a member's "Save as list"), composed by the page. */
  orderActions?: (order: Order) => ReactNode;
}

/*
 * Manage All Orders' seven columns need more room than the dashboard has beside its sidebar below
 * 1280 px, so its table starts at xl, My Orders' at md; below that each row is a card, and the page
 * never scrolls sideways. Tailwind reads class names whole, so each view spells its own out.
 */
const layouts = {
  customer: {
    caption: copy.dashboard.myOrders,
    cardsBelow: 'md',
    columns: [
      { label: o.index, className: 'w-14 px-3 py-3' },
      { label: o.picture, className: 'w-24 px-3 py-3' },
      { label: o.name, className: 'px-3 py-3' },
      { label: o.quantity, className: 'px-3 py-3 text-right' },
      { label: o.price, className: 'px-3 py-3 text-right' },
      { label: o.cancelOrder, className: 'px-3 py-3' },
      { label: o.payment, className: 'px-3 py-3' },
    ],
    linesRow: 'block bg-slate-50 md:table-row',
    linesCell: 'block px-4 pb-3 md:table-cell md:px-3 md:pt-1 md:pb-3',
  },
  admin: {
    caption: copy.dashboard.manageOrders,
    cardsBelow: 'xl',
    columns: [
      { label: t.index, className: 'w-12 px-3 py-3' },
      { label: t.customer, className: 'px-3 py-3' },
      { label: t.picture, className: 'w-20 px-3 py-3' },
      { label: t.part, className: 'px-3 py-3' },
      { label: t.quantity, className: 'px-3 py-3 text-right' },
      { label: t.price, className: 'px-3 py-3 text-right' },
      { label: t.status, className: 'px-3 py-3' },
    ],
    linesRow: 'block bg-slate-50 xl:table-row',
    linesCell: 'block px-4 pb-3 xl:table-cell xl:px-3 xl:pt-1 xl:pb-3',
  },
} as const;

/** What the confirmation says before an order is cancelled. */
function confirmCancelText(order: Order, view: OrdersTableView): string {
  if (view === 'admin' && order.status === 'paid') {
    return t.confirmCancelPaid(orderName(order), order.customer.name, formatMoney(order.totalCents, order.currency));
  }
  if (view === 'admin') return t.confirmCancel(orderName(order), order.customer.name);
  return order.lines.length > 1
    ? o.confirmCancelLines(orderName(order), order.lines.length, order.quantity)
    : o.confirmCancel(order.partName, order.quantity);
}

/**
 * The lists of orders, one row per order: the first line's picture and name ("+ 2 more" when it has
 * more lines), its number and booking day, its parts and units, the total and, once paid, its
 * invoice; the row opens to show every line. An unpaid order can be cancelled after "Are you sure?".
 *
 * My Orders (docs/shop-rules.md, "Orders and payment"): Index, Picture, Name, Quantity, Price, Cancel
 * order, Payment; an unpaid order can also be paid, with the time left to pay; a cancelled one says
 * who cancelled it; "Order again" puts an order's lines in the cart.
 *
 * Manage All Orders: Index, Customer (name, email, phone, address), Picture, Part, Quantity, Price,
 * and Status with the one action the status allows: Mark shipped (paid), Mark delivered (shipped),
 * or Cancel (unpaid).
 */
export function OrdersTable({ orders, offset, view, clock, companyAdmin = false, orderActions }: OrdersTableProps) {
  const layout = layouts[view];
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

  const askCancel = (order: Order) => {
    setCancelling(order);
    setShownCancel(order);
  };

  const confirmCancel = () => {
    if (!cancelling) return;
    cancel.mutate(cancelling.id, {
      onSuccess: () => toast.success(view === 'admin' ? t.cancelled : o.cancelled),
      onSettled: () => setCancelling(null),
    });
  };

  const isCancelling = (order: Order) => cancel.isPending && cancel.variables === order.id;

  return (
    <>
      <DataTable caption={layout.caption} cardsBelow={layout.cardsBelow} columns={[...layout.columns]}>
        {orders.map((order, index) => {
          const open = opened.has(order.id);
          const row: RowProps = {
            order,
            place: offset + index + 1,
            open,
            detailsId: `${linesId}-${order.id}`,
            onToggle: () => toggle(order.id),
            onCancel: () => askCancel(order),
          };
          return (
            <Fragment key={order.id}>
              {view === 'admin' ? (
                <AdminRow {...row} cancelling={isCancelling(order)} />
              ) : (
                <CustomerRow {...row} clock={clock} companyAdmin={companyAdmin} actions={orderActions?.(order)} />
              )}
              {open ? (
                <tr id={row.detailsId} data-testid="order-lines-row" className={layout.linesRow}>
                  <td colSpan={layout.columns.length} className={layout.linesCell}>
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
        confirmLabel={view === 'admin' ? t.confirmCancelYes : o.confirmCancelYes}
        cancelLabel={view === 'admin' ? t.keepOrder : o.keepOrder}
        onConfirm={confirmCancel}
        onCancel={() => setCancelling(null)}
      >
        {shownCancel ? <p>{confirmCancelText(shownCancel, view)}</p> : null}
      </ConfirmDialog>
    </>
  );
}

interface RowProps {
  order: Order;
  /** The Index column: the order's place in the whole list. */
  place: number;
  open: boolean;
  /** The id of the row that shows the order's lines. */
  detailsId: string;
  onToggle: () => void;
  onCancel: () => void;
}

const customerCell = 'md:table-cell md:px-3 md:py-3 md:align-middle';

function CustomerRow({
  order,
  place,
  open,
  detailsId,
  onToggle,
  onCancel,
  clock,
  companyAdmin,
  actions,
}: RowProps & { clock?: Clock; companyAdmin: boolean; actions?: ReactNode }) {
  const { orderAgain, isOrderingAgain } = useOrderAgain();
  const reordering = isOrderingAgain(order.id);
  return (
    <tr
      data-testid="order-row"
      className="grid grid-cols-[1.5rem_5rem_minmax(0,1fr)] items-center gap-x-3 gap-y-2 p-4 md:table-row md:p-0"
    >
      <td className={`row-span-3 self-start font-semibold text-slate-600 tabular-nums ${customerCell}`}>{place}</td>
      <td className={`row-span-3 self-start ${customerCell}`}>
        <RowPicture src={order.imageUrl} />
      </td>
      <td className={`break-words text-slate-900 ${customerCell}`}>
        <p className="font-semibold">
          <OrderTitle order={order} />
        </p>
        <OrderReference order={order} />
        <MemberOrderFacts order={order} />
        <div className="mt-1 flex flex-wrap items-center gap-x-2 gap-y-1">
          <LinesToggle order={order} open={open} controls={detailsId} onToggle={onToggle} />
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
          {actions}
        </div>
      </td>
      <td className={`text-slate-800 tabular-nums md:text-right ${customerCell}`}>
        <span className="text-sm text-slate-600 md:sr-only">{o.quantity}: </span>
        <OrderSize order={order} />
      </td>
      <td className={`text-slate-800 tabular-nums md:text-right ${customerCell}`}>
        <span className="text-sm text-slate-600 md:sr-only">{o.price}: </span>
        {formatMoney(order.totalCents, order.currency)}
      </td>
      <td className={`col-span-2 mt-1 self-start md:mt-0 ${customerCell}`}>
        <CancelCell order={order} onCancel={onCancel} companyAdmin={companyAdmin} />
      </td>
      <td className={`mt-1 min-w-0 self-start md:mt-0 md:w-44 ${customerCell}`}>
        <PaymentCell order={order} clock={clock} />
      </td>
    </tr>
  );
}

function CancelCell({ order, onCancel, companyAdmin }: { order: Order; onCancel: () => void; companyAdmin: boolean }) {
  // A member's order: waiting for a company admin, confirmed on account, or declined with a reason.
  const { status } = order;
  if (status === 'awaiting_approval') {
    return (
      <div className="grid gap-1.5" data-testid="approval">
        <span className="font-semibold text-amber-900">{copy.manageOrders.statuses[status]}</span>
        {companyAdmin ? <ApprovalActions order={order} /> : <span className="text-sm text-slate-700">{m.awaitingText}</span>}
      </div>
    );
  }
  if (status === 'confirmed') return <span className="font-semibold text-emerald-800">{copy.manageOrders.statuses[status]}</span>;
  if (status === 'declined') {
    // "Declined: <the reason>" when the company admin gave one (they must), the status alone otherwise.
    return order.declineReason ? (
      <DeclineReason order={order} />
    ) : (
      <span className="font-semibold text-slate-700">{copy.manageOrders.statuses[status]}</span>
    );
  }
  if (order.status === 'pending_payment') {
    return (
      <button
        type="button"
        className="btn btn-sm btn-outline btn-error"
        aria-label={o.cancelLabel(orderName(order))}
        onClick={onCancel}
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

function PaymentCell({ order, clock }: { order: Order; clock?: Clock }) {
  if (order.status === 'pending_payment') {
    return (
      <div className="flex flex-col items-start gap-1">
        <Link to={paths.payment(order.id)} className="btn btn-sm btn-primary" aria-label={o.payLabel(orderName(order))}>
          {o.pay}
        </Link>
        {order.payBy ? <TimeLeftToPay payBy={order.payBy} clock={clock} /> : null}
      </div>
    );
  }
  // A paid order an admin cancelled was refunded: its invoice and the credit notes that undo it.
  if (order.status === 'cancelled' && order.creditNotes.length > 0) {
    return (
      <div className="min-w-0">
        <span className="badge badge-sm border-0 bg-amber-100 font-semibold text-amber-900">{o.refunded}</span>
        <p className="mt-1">
          <InvoiceLink order={order} />
        </p>
        <CreditNoteLinks order={order} />
      </div>
    );
  }
  if (order.status === 'cancelled' || order.status === 'declined') {
    return <span className="badge badge-sm border-0 bg-slate-100 font-semibold text-slate-800">{o.notPaid}</span>;
  }
  if (order.status === 'awaiting_approval') {
    return order.payment === 'account' ? (
      <span className="badge badge-sm border-0 bg-sky-100 font-semibold text-sky-900">{m.onAccount}</span>
    ) : null;
  }
  // On account: invoiced when confirmed, paid against the invoice by its due date.
  if (isOnAccount(order)) {
    return (
      <div className="min-w-0" data-testid="on-account">
        <span className="badge badge-sm border-0 bg-sky-100 font-semibold text-sky-900">{m.onAccount}</span>
        <p className="mt-1">
          <InvoiceLink order={order} />
        </p>
        <CreditNoteLinks order={order} />
        <DueDate order={order} />
      </div>
    );
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
      {/* A delivered order's returns, once credited. */}
      <CreditNoteLinks order={order} />
    </div>
  );
}

/** "1 day 23 h left to pay", counted down while the page stays open. */
function TimeLeftToPay({ payBy, clock }: { payBy: string; clock?: Clock }) {
  const now = useNow(30_000, clock);
  return (
    <time dateTime={payBy} className="text-sm text-amber-800 md:whitespace-nowrap" data-testid="time-left">
      {timeLeftToPay(payBy, now)}
    </time>
  );
}

const adminCell = 'xl:table-cell xl:px-3 xl:py-4 xl:align-middle';
const adminLabel = 'text-sm text-slate-600 xl:sr-only';

/*
 * Below xl a card: index and picture on the left, the order beside them, the customer underneath.
 * Beside the sidebar the panel is at most about 900 px wide, which is why the action sits under the
 * status instead of in a column of its own.
 */
function AdminRow({ order, place, open, detailsId, onToggle, onCancel, cancelling }: RowProps & { cancelling: boolean }) {
  const updateStatus = useUpdateOrderStatusMutation();
  const name = (action: string) => t.actionLabel(action, orderName(order), order.customer.name);

  const advance = () => {
    const status = order.status === 'paid' ? 'shipped' : 'delivered';
    updateStatus.mutate(
      { id: order.id, status },
      { onSuccess: () => toast.success(status === 'shipped' ? t.markedShipped : t.markedDelivered) },
    );
  };

  return (
    <tr
      data-testid="order-row"
      className="grid grid-cols-[1.5rem_4rem_minmax(0,1fr)] items-start gap-x-3 gap-y-1 p-4 xl:table-row xl:p-0"
    >
      <td className={`col-start-1 row-span-4 row-start-1 pt-0.5 font-semibold text-slate-600 tabular-nums ${adminCell}`}>
        {place}
      </td>
      <td
        className={`col-span-2 col-start-2 row-start-5 mt-3 rounded-lg bg-slate-50 px-3 py-2.5 text-sm xl:rounded-none xl:bg-transparent ${adminCell}`}
      >
        <p className="mb-1 text-xs font-bold tracking-wider text-slate-600 uppercase xl:sr-only">{t.customer}</p>
        <div className="xl:w-36">
          <p className="font-semibold break-words text-slate-900">{order.customer.name}</p>
          <p className="break-all text-slate-700">{order.customer.email}</p>
          <p className="whitespace-nowrap text-slate-700 tabular-nums">{order.customer.phone}</p>
          <p className="break-words whitespace-pre-line text-slate-700">{order.customer.address}</p>
          <AdminCompanyFacts order={order} />
        </div>
      </td>
      <td className={`col-start-2 row-span-4 row-start-1 ${adminCell}`}>
        <RowPicture src={order.imageUrl} small />
      </td>
      <td className={`col-start-3 row-start-1 break-words text-slate-900 ${adminCell}`}>
        <p className="font-semibold">
          <OrderTitle order={order} />
        </p>
        <OrderReference order={order} narrow />
        <LinesToggle order={order} open={open} controls={detailsId} onToggle={onToggle} />
      </td>
      <td className={`col-start-3 row-start-2 text-slate-800 tabular-nums xl:text-right ${adminCell}`}>
        <span className={adminLabel}>{t.quantity}: </span>
        <OrderSize order={order} />
      </td>
      <td className={`col-start-3 row-start-3 text-slate-800 tabular-nums xl:text-right ${adminCell}`}>
        <span className={adminLabel}>{t.price}: </span>
        <span className="font-semibold text-slate-900">{formatMoney(order.totalCents, order.currency)}</span>
        {order.lines.length <= 1 ? (
          <span className="block text-xs whitespace-nowrap text-slate-600">
            {t.each(formatMoney(order.unitPriceCents, order.currency))}
          </span>
        ) : null}
      </td>
      <td className={`col-start-3 row-start-4 pt-1 ${adminCell}`}>
        <div className="flex flex-wrap items-center gap-x-3 gap-y-2 xl:flex-col xl:items-start">
          <span>
            <span className="sr-only">{t.status}: </span>
            <AdminOrderStatus order={order} />
          </span>
          <InvoiceLink order={order} />
          <CreditNoteLinks order={order} />
          {order.status === 'paid' || order.status === 'shipped' ? (
            <ActionButton
              tone="advance"
              pending={updateStatus.isPending}
              ariaLabel={name(order.status === 'paid' ? t.markShipped : t.markDelivered)}
              onClick={advance}
            >
              {order.status === 'paid' ? t.markShipped : t.markDelivered}
            </ActionButton>
          ) : order.status === 'pending_payment' ? (
            <ActionButton tone="danger" pending={cancelling} ariaLabel={name(t.cancel)} onClick={onCancel}>
              {t.cancel}
            </ActionButton>
          ) : null}
          {/* Before it ships, a paid order can still be cancelled: a credit note is issued and the card refunded. */}
          {order.status === 'paid' ? (
            <ActionButton tone="danger" pending={cancelling} ariaLabel={name(t.cancelRefund)} onClick={onCancel}>
              {t.cancelRefund}
            </ActionButton>
          ) : null}
        </div>
      </td>
    </tr>
  );
}

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

/** The company an order was placed for and its PO number, under the customer in Manage All Orders. */
function AdminCompanyFacts({ order }: { order: Order }) {
  const { companyName, poNumber } = order;
  if (!companyName && !poNumber) return null;
  return (
    <p className="mt-1 break-words text-slate-700" data-testid="order-company">
      {companyName ? (
        <span className="block">
          <span className="font-semibold">{m.company}:</span> {companyName}
        </span>
      ) : null}
      {poNumber ? (
        <span className="block">
          <span className="font-semibold">{m.poLabel}:</span> <span className="font-mono break-all">{poNumber}</span>
        </span>
      ) : null}
    </p>
  );
}
