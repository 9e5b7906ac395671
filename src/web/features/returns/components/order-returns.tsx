import { Link } from 'react-router';
import * as copy from '#shared/copy';
import { paths } from '#shared/paths';
import type { Return } from '#shared/schemas/returns';

const r = copy.returns;

/** Under an order in My Orders: its returns, each its number (to its page) and state. */
export function OrderReturns({ returns }: { returns: readonly Return[] | undefined }) {
  if (!returns || returns.length === 0) return null;
  return (
    <div className="w-full text-sm text-slate-700" data-testid="order-returns">
      <span className="font-semibold">{r.orderReturns}: </span>
      <ul className="inline">
        {returns.map((ret, index) => (
          <li key={ret.id} className="inline">
            {index > 0 ? ', ' : null}
            <Link to={paths.returnDetail(ret.id)} className="link text-sky-800 hover:text-sky-950">
              {r.returnOfOrder(ret.number, r.statusNames[ret.status])}
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** "Return items": the form that asks to return lines of a delivered order within its window. */
export function ReturnItemsLink({ orderId, orderNumber }: { orderId: string; orderNumber: string }) {
  return (
    <Link
      to={paths.newReturn(orderId)}
      className="btn btn-sm btn-outline border-slate-300 bg-white text-slate-800 hover:bg-slate-50"
      aria-label={r.returnItemsLabel(orderNumber)}
    >
      {r.returnItems}
    </Link>
  );
}
