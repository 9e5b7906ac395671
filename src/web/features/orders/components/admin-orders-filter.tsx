import { useId } from 'react';
import { copy } from '#shared/copy';
import { orderStatusValues, type OrderStatus } from '#shared/schemas/orders';

export function isOrderStatus(value: string | null): value is OrderStatus {
  return value !== null && (orderStatusValues as readonly string[]).includes(value);
}

interface AdminOrdersFilterProps {
  /** No status: every order. */
  status: OrderStatus | undefined;
  onStatusChange: (status: OrderStatus | undefined) => void;
}

/** Which orders Manage All Orders lists: all of them, or those of one status. */
export function AdminOrdersFilter({ status, onStatusChange }: AdminOrdersFilterProps) {
  const id = useId();
  return (
    <div className="w-full sm:w-64">
      <label htmlFor={id} className="mb-1.5 block text-sm font-semibold text-slate-800">
        {copy.manageOrders.filterLabel}
      </label>
      <select
        id={id}
        value={status ?? ''}
        onChange={(event) => onStatusChange(isOrderStatus(event.target.value) ? event.target.value : undefined)}
        className="select w-full bg-white text-base text-slate-900"
      >
        <option value="">{copy.manageOrders.all}</option>
        {orderStatusValues.map((value) => (
          <option key={value} value={value}>
            {copy.manageOrders.statuses[value]}
          </option>
        ))}
      </select>
    </div>
  );
}
