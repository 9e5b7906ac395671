import { type MouseEvent, useId, useState } from 'react';
import * as copy from '#shared/copy';
import { exportOrdersQuerySchema, orderStatusValues, type OrderStatus } from '#shared/schemas/orders';
import { ChoiceSelect } from '../../../components/choice-select';

export function isOrderStatus(value: string | null): value is OrderStatus {
  return value !== null && (orderStatusValues as readonly string[]).includes(value);
}

export const ORDERS_CSV_URL = '/api/orders.csv';

/** Every order: the empty choice. */
const ALL = '';
const STATUSES = [
  { value: ALL, label: copy.manageOrders.all },
  ...orderStatusValues.map((value) => ({ value, label: copy.manageOrders.statuses[value] })),
] as const;

interface OrderStatusSelectProps {
  /** No status: every order. */
  status: OrderStatus | undefined;
  onStatusChange: (status: OrderStatus | undefined) => void;
}

/** Which orders Manage All Orders lists: all of them, or those of one status (applied at once). */
export function OrderStatusSelect({ status, onStatusChange }: OrderStatusSelectProps) {
  return (
    <ChoiceSelect
      label={copy.manageOrders.filterLabel}
      value={status ?? ALL}
      choices={STATUSES}
      onChange={(value) => onStatusChange(value === ALL ? undefined : value)}
      size="lg"
      className="w-full sm:w-48"
    />
  );
}

/** The export's address for this status and these days; empty values are left out. */
export function ordersCsvUrl(status: OrderStatus | undefined, from: string | undefined, to: string | undefined): string {
  const search = new URLSearchParams();
  if (status) search.set('status', status);
  if (from) search.set('from', from);
  if (to) search.set('to', to);
  const query = search.toString();
  return query ? `${ORDERS_CSV_URL}?${query}` : ORDERS_CSV_URL;
}

/** Why the export would refuse these days (the server's own schema), or null. */
function exportRefusalOf(status: OrderStatus | undefined, from: string | undefined, to: string | undefined): string | null {
  const result = exportOrdersQuerySchema.safeParse({ status: status ?? '', from: from ?? '', to: to ?? '' });
  return result.success ? null : (result.error.issues[0]?.message ?? null);
}

interface OrdersCsvLinkProps {
  status: OrderStatus | undefined;
  /** The booking days the list shows. */
  from: string | undefined;
  to: string | undefined;
}

/**
 * "Download CSV": the orders of the status and booking days the list shows. The browser downloads
 * the file itself (the server streams it as an attachment), so days the export refuses (more than
 * two years) are stopped here, with the reason under the link.
 */
export function OrdersCsvLink({ status, from, to }: OrdersCsvLinkProps) {
  const reasonId = useId();
  const [refusal, setRefusal] = useState<{ for: string; message: string } | null>(null);
  const url = ordersCsvUrl(status, from, to);
  // The reason is about the days it was given for; other days start afresh.
  const shown = refusal?.for === url ? refusal.message : null;

  const download = (event: MouseEvent<HTMLAnchorElement>) => {
    const message = exportRefusalOf(status, from, to);
    setRefusal(message ? { for: url, message } : null);
    if (message) event.preventDefault();
  };

  return (
    <div className="w-full sm:mt-[1.625rem] sm:ml-auto sm:w-auto">
      <a
        href={url}
        download
        onClick={download}
        aria-describedby={shown ? reasonId : undefined}
        className="btn btn-outline btn-primary btn-lg w-full sm:w-auto"
      >
        {copy.manageOrders.downloadCsv}
      </a>
      {shown ? (
        <p id={reasonId} role="alert" className="mt-1.5 text-sm font-medium text-error">
          {shown}
        </p>
      ) : null}
    </div>
  );
}
