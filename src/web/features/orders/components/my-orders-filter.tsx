import { useId } from 'react';
import { copy } from '#shared/copy';
import { isMyOrdersView, myOrdersViewValues, type MyOrdersView } from '#shared/schemas/orders';

interface MyOrdersFilterProps {
  view: MyOrdersView;
  onViewChange: (view: MyOrdersView) => void;
}

/** Which of their orders My Orders lists: the open ones (the default), the cancelled ones, or all. */
export function MyOrdersFilter({ view, onViewChange }: MyOrdersFilterProps) {
  const id = useId();
  return (
    <div className="w-full sm:w-64">
      <label htmlFor={id} className="mb-1.5 block text-sm font-semibold text-slate-800">
        {copy.orders.viewLabel}
      </label>
      <select
        id={id}
        value={view}
        onChange={(event) => onViewChange(isMyOrdersView(event.target.value) ? event.target.value : 'open')}
        className="select w-full bg-white text-base text-slate-900"
      >
        {myOrdersViewValues.map((value) => (
          <option key={value} value={value}>
            {copy.orders.views[value]}
          </option>
        ))}
      </select>
    </div>
  );
}
