import { type ReactNode, useState } from 'react';
import * as copy from '#shared/copy';
import type { WebhookDelivery, WebhookDeliveryStatus } from '#shared/schemas/webhooks';
import { DataTable } from '../../../components/data-table';
import { formatDate, formatTime } from '../../../lib/format-date';
import { toast } from '../../../lib/toast';
import { useResendWebhookDeliveryMutation } from '../api/resend-webhook-delivery';

const s = copy.webhooks;
// A card below 2xl: the nine columns need more room than the sidebar leaves a laptop's window.
const cell = '2xl:table-cell 2xl:px-4 2xl:py-3 2xl:align-middle';
const label = 'block text-xs font-bold tracking-wider text-slate-600 uppercase 2xl:sr-only';

const tones: Record<WebhookDeliveryStatus, string> = {
  pending: 'bg-amber-100 text-amber-900',
  delivered: 'bg-emerald-100 text-emerald-900',
  failed: 'bg-red-100 text-red-900',
};

/** A delivery's state as a badge: "Waiting", "Delivered", "Failed". */
export function DeliveryStatusBadge({ status }: { status: WebhookDeliveryStatus }) {
  return (
    <span className={`badge badge-sm border-0 font-semibold whitespace-nowrap ${tones[status]}`} data-testid="delivery-status">
      {s.statusLabels[status]}
    </span>
  );
}

/** A moment as its day and, below, its time; a dash when there is none. */
function When({ at }: { at: string | null }) {
  if (!at) return <span>{s.none}</span>;
  return (
    <time dateTime={at}>
      {formatDate(at)} <span className="block text-sm text-slate-600">{formatTime(at)}</span>
    </time>
  );
}

/** One field of a card, its name above it (for screen readers only in the table); `span`: its card columns. */
function Field({ name, children, span }: { name: string; children: ReactNode; span: string }) {
  return (
    <td className={`${span} text-slate-800 ${cell}`}>
      <span className={label}>{name}</span>
      {children}
    </td>
  );
}

/**
 * One webhook's latest deliveries, newest first: a table on wide screens and a card each below 2xl, its
 * figures in one row (in two on a phone). Each can be sent again.
 */
export function WebhookDeliveriesTable({ webhookId, deliveries }: { webhookId: string; deliveries: readonly WebhookDelivery[] }) {
  const resend = useResendWebhookDeliveryMutation(webhookId);
  const [resending, setResending] = useState<string>();

  return (
    <DataTable
      caption={s.deliveriesCaption}
      cardsBelow="2xl"
      columns={[
        { label: s.event, className: 'px-4 py-3' },
        { label: s.status, className: 'px-4 py-3' },
        { label: s.attempts, className: 'px-4 py-3 text-right' },
        { label: s.responseCode, className: 'px-4 py-3 text-right' },
        { label: s.duration, className: 'px-4 py-3 text-right' },
        { label: s.lastAttemptAt, className: 'px-4 py-3' },
        { label: s.nextAttemptAt, className: 'px-4 py-3' },
        { label: s.lastError, className: 'px-4 py-3' },
        { label: <span className="sr-only">{s.resend}</span>, className: 'px-4 py-3' },
      ]}
    >
      {deliveries.map((delivery) => (
        <tr
          key={delivery.id}
          data-testid="delivery-row"
          className="grid grid-cols-6 gap-x-4 gap-y-3 p-4 sm:grid-cols-12 2xl:table-row 2xl:p-0"
        >
          <td
            className={`col-span-4 self-center font-mono text-sm font-semibold break-words text-slate-900 sm:col-span-9 2xl:whitespace-nowrap ${cell}`}
          >
            {delivery.eventType}
          </td>
          {/* On a card, the state sits beside the event. */}
          <td className={`col-span-2 self-center justify-self-end sm:col-span-3 2xl:justify-self-auto ${cell}`}>
            <span className="sr-only">{s.status}: </span>
            <DeliveryStatusBadge status={delivery.status} />
          </td>
          <Field name={s.attempts} span="col-span-2">
            <span className="tabular-nums 2xl:block 2xl:text-right">{delivery.attempts}</span>
          </Field>
          <Field name={s.responseCode} span="col-span-2">
            <span className="tabular-nums 2xl:block 2xl:text-right" data-testid="delivery-response">
              {delivery.responseStatus ?? s.none}
            </span>
          </Field>
          <Field name={s.duration} span="col-span-2">
            <span className="whitespace-nowrap tabular-nums 2xl:block 2xl:text-right">
              {delivery.durationMs === null ? s.none : s.durationMs(delivery.durationMs)}
            </span>
          </Field>
          <Field name={s.lastAttemptAt} span="col-span-3">
            <When at={delivery.lastAttemptAt} />
          </Field>
          <Field name={s.nextAttemptAt} span="col-span-3">
            <When at={delivery.nextAttemptAt} />
          </Field>
          <Field name={s.lastError} span="col-span-6 sm:col-span-9">
            <span className="text-sm break-words">{delivery.lastError ?? s.none}</span>
          </Field>
          <td className={`col-span-6 self-end sm:col-span-3 2xl:text-right ${cell}`}>
            <button
              type="button"
              className="btn btn-outline btn-sm w-full 2xl:w-auto 2xl:whitespace-nowrap"
              disabled={resending === delivery.id}
              aria-label={s.resendLabel(
                delivery.eventType,
                `${formatDate(delivery.createdAt)} ${formatTime(delivery.createdAt)}`,
              )}
              onClick={() => {
                setResending(delivery.id);
                resend.mutate(delivery.id, {
                  onSuccess: () => toast.success(s.resent),
                  onSettled: () => setResending(undefined),
                });
              }}
            >
              {resending === delivery.id ? s.resending : s.resend}
            </button>
          </td>
        </tr>
      ))}
    </DataTable>
  );
}
