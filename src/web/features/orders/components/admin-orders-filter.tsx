import { type MouseEvent, useState } from 'react';
import * as copy from '#shared/copy';
import { exportOrdersQuerySchema, orderStatusValues, type OrderStatus } from '#shared/schemas/orders';
import { ChoiceSelect } from '../../../components/choice-select';
import { InputField } from '../../../components/form-field';

export function isOrderStatus(value: string | null): value is OrderStatus {
  return value !== null && (orderStatusValues as readonly string[]).includes(value);
}

export const ORDERS_CSV_URL = '/api/orders.csv';

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

type DateErrors = Partial<Record<'from' | 'to', string>>;

/** The export's rules, checked in the browser with the server's own schema. */
function dateErrorsOf(status: OrderStatus | undefined, from: string, to: string): DateErrors {
  const result = exportOrdersQuerySchema.safeParse({ status: status ?? '', from, to });
  const errors: DateErrors = {};
  if (result.success) return errors;
  for (const issue of result.error.issues) {
    const field = issue.path[0];
    if ((field === 'from' || field === 'to') && !errors[field]) errors[field] = issue.message;
  }
  return errors;
}

/** The export's address for this status and these days; empty values are left out. */
export function ordersCsvUrl(status: OrderStatus | undefined, from: string, to: string): string {
  const search = new URLSearchParams();
  if (status) search.set('status', status);
  if (from) search.set('from', from);
  if (to) search.set('to', to);
  const query = search.toString();
  return query ? `${ORDERS_CSV_URL}?${query}` : ORDERS_CSV_URL;
}

/**
 * Which orders Manage All Orders lists (all of them, or those of one status), and the CSV download of
 * the orders of that status booked between two days. The browser downloads the file itself (the
 * server streams it as an attachment), so a range the server would refuse is stopped here.
 */
export function AdminOrdersFilter({ status, onStatusChange }: AdminOrdersFilterProps) {
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [errors, setErrors] = useState<DateErrors>({});

  const changeDate = (field: 'from' | 'to', value: string) => {
    const next = { from, to, [field]: value };
    if (field === 'from') setFrom(value);
    else setTo(value);
    setErrors(dateErrorsOf(status, next.from, next.to));
  };
  const download = (event: MouseEvent<HTMLAnchorElement>) => {
    const found = dateErrorsOf(status, from, to);
    setErrors(found);
    if (found.from || found.to) event.preventDefault();
  };

  return (
    <div className="flex flex-col gap-4 sm:flex-row sm:flex-wrap sm:items-start">
      <ChoiceSelect
        label={copy.manageOrders.filterLabel}
        value={status ?? ALL}
        choices={STATUSES}
        onChange={(value) => onStatusChange(value === ALL ? undefined : value)}
        size="lg"
      />
      <InputField
        type="date"
        label={copy.manageOrders.from}
        value={from}
        max={to || undefined}
        onChange={(event) => changeDate('from', event.target.value)}
        error={errors.from}
        className="w-full sm:w-48"
      />
      <InputField
        type="date"
        label={copy.manageOrders.to}
        value={to}
        min={from || undefined}
        onChange={(event) => changeDate('to', event.target.value)}
        error={errors.to}
        className="w-full sm:w-48"
      />
      <a
        href={ordersCsvUrl(status, from, to)}
        download
        onClick={download}
        className="btn btn-outline btn-primary btn-lg w-full sm:mt-[1.625rem] sm:w-auto"
      >
        {copy.manageOrders.downloadCsv}
      </a>
    </div>
  );
}
