import { copy } from '#shared/copy';
import { orderStatusValues, type OrderStatus } from '#shared/schemas/orders';
import { ChoiceSelect } from '../../../components/choice-select';

export function isOrderStatus(value: string | null): value is OrderStatus {
  return value !== null && (orderStatusValues as readonly string[]).includes(value);
}

interface AdminOrdersFilterProps {
  /** No status: every order. */
  status: OrderStatus | undefined;
  onStatusChange: (status: OrderStatus | undefined) => void;
}

/** Every order: the empty choice. */
const ALL = '';
const STATUSES = [
  { value: ALL, label: copy.manageOrders.all },
  ...orderStatusValues.map((value) => ({ value, label: copy.manageOrders.statuses[value] })),
] as const;

/** Which orders Manage All Orders lists: all of them, or those of one status. */
export function AdminOrdersFilter({ status, onStatusChange }: AdminOrdersFilterProps) {
  return (
    <ChoiceSelect
      label={copy.manageOrders.filterLabel}
      value={status ?? ALL}
      choices={STATUSES}
      onChange={(value) => onStatusChange(value === ALL ? undefined : value)}
    />
  );
}
