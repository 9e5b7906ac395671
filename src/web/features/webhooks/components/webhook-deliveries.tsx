import { type ReactNode, useState } from 'react';
import * as copy from '#shared/copy';
import type { WebhookDelivery, WebhookDeliveryStatus } from '#shared/schemas/webhooks';
import { DataTable } from '../../../components/data-table';
import { formatDate, formatTime } from '../../../lib/format-date';
import { toast } from '../../../lib/toast';
import { useResendWebhookDeliveryMutation } from '../api/resend-webhook-delivery';

const s = copy.webhooks;
const cell = 'xl:table-cell xl:px-4 xl:py-3 xl:align-middle';
const label = 'text-sm text-slate-600 xl:sr-only';

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
    <time dateTime={at} className="whitespace-nowrap xl:whitespace-normal">
      {formatDate(at)} <span className="xl:block xl:text-sm xl:text-slate-600">{formatTime(at)}</span>
    </time>
  );
}

/** One field of a card on a narrow screen, a plain cell in the table. */
function Field({ name, children, wide = false }: { name: string; children: ReactNode; wide?: boolean }) {
  return (
    <td className={`${wide ? 'col-span-2' : ''} text-slate-800 ${cell}`}>
      <span className={label}>{name}: </span>
      {children}
    </td>
  );
}

/**
 * One webhook's latest deliveries, newest first: a table on wide screens and a card each below xl
 * (the table's nine columns need the room beside the sidebar). Each can be sent again.
 */
export function WebhookDeliveriesTable({ webhookId, deliveries }: { webhookId: string; deliveries: readonly WebhookDelivery[] }) {
  const resend = useResendWebhookDeliveryMutation(webhookId);
  const [resending, setResending] = useState<string>();

  return (
    <DataTable
      caption={s.deliveriesCaption}
      cardsBelow="xl"
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
        <tr key={delivery.id} data-testid="delivery-row" className="grid grid-cols-2 gap-x-3 gap-y-1 p-4 xl:table-row xl:p-0">
          <td className={`font-mono text-sm font-semibold break-all text-slate-900 ${cell}`}>{delivery.eventType}</td>
          {/* On a card, the state sits beside the event. */}
          <td className={`col-start-2 row-start-1 self-center justify-self-end xl:justify-self-auto ${cell}`}>
            <span className="sr-only">{s.status}: </span>
            <DeliveryStatusBadge status={delivery.status} />
          </td>
          <Field name={s.attempts}>
            <span className="tabular-nums xl:block xl:text-right">{delivery.attempts}</span>
          </Field>
          <Field name={s.responseCode}>
            <span className="tabular-nums xl:block xl:text-right" data-testid="delivery-response">
              {delivery.responseStatus ?? s.none}
            </span>
          </Field>
          <Field name={s.duration} wide>
            <span className="tabular-nums xl:block xl:text-right xl:whitespace-nowrap">
              {delivery.durationMs === null ? s.none : s.durationMs(delivery.durationMs)}
            </span>
          </Field>
          <Field name={s.lastAttemptAt} wide>
            <When at={delivery.lastAttemptAt} />
          </Field>
          <Field name={s.nextAttemptAt} wide>
            <When at={delivery.nextAttemptAt} />
          </Field>
          <Field name={s.lastError} wide>
            <span className="text-sm break-words">{delivery.lastError ?? s.none}</span>
          </Field>
          <td className={`col-span-2 mt-2 xl:mt-0 xl:text-right ${cell}`}>
            <button
              type="button"
              className="btn btn-outline btn-sm w-full xl:w-auto"
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
