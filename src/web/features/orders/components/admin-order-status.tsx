import * as copy from '#shared/copy';
import type { Order, OrderStatus } from '#shared/schemas/orders';

// Dark text on a light tint: every pair is above 7:1, so the badges pass AA at their small size.
const tones: Record<OrderStatus, string> = {
  pending_payment: 'bg-amber-100 text-amber-900',
  awaiting_approval: 'bg-amber-100 text-amber-900',
  paid: 'bg-sky-100 text-sky-900',
  confirmed: 'bg-sky-100 text-sky-900',
  shipped: 'bg-indigo-100 text-indigo-900',
  delivered: 'bg-emerald-100 text-emerald-900',
  cancelled: 'bg-slate-200 text-slate-800',
  declined: 'bg-slate-200 text-slate-800',
};

/** An order's status as a readable badge; a cancelled order also says who cancelled it. */
export function AdminOrderStatus({ order }: { order: Pick<Order, 'status' | 'cancelReason'> }) {
  return (
    <span className="inline-flex flex-wrap items-center gap-x-2 gap-y-1">
      <span className={`badge badge-sm h-auto border-0 py-0.5 font-semibold whitespace-nowrap ${tones[order.status]}`}>
        {copy.manageOrders.statuses[order.status]}
      </span>
      {order.status === 'cancelled' && order.cancelReason ? (
        <span className="text-sm whitespace-nowrap text-slate-600"> {copy.manageOrders.cancelReasons[order.cancelReason]}</span>
      ) : null}
    </span>
  );
}
