import { useId, useRef, useState } from 'react';
import * as copy from '#shared/copy';
import type { Order } from '#shared/schemas/orders';
import { TextAreaField } from '../../../components/form-field';
import { Modal } from '../../../components/modal';
import { ApiError } from '../../../lib/api-client';
import { formatDate } from '../../../lib/format-date';
import { toast } from '../../../lib/toast';
import { useDecideOrderMutation } from '../api/decide-order';
import { orderName } from './order-lines';

const m = copy.memberOrders;
const MAX_DECLINE_REASON = 500;

/** "Placed by Ada Lovelace · PO 4711-A": who in the company placed it, and its purchase-order number. */
export function MemberOrderFacts({ order }: { order: Order }) {
  const { companyId, placedBy, poNumber } = order;
  if (!companyId && !poNumber) return null;
  return (
    <p className="mt-0.5 text-sm break-words text-slate-600" data-testid="member-order-facts">
      {companyId && placedBy ? <span className="block">{m.placedBy(placedBy.name)}</span> : null}
      {poNumber ? (
        <span className="block">
          {m.poLabel} <span className="font-mono break-all text-slate-800">{poNumber}</span>
        </span>
      ) : null}
    </p>
  );
}

/** An order on account's invoice: its due date, or that it has been paid. */
export function DueDate({ order }: { order: Order }) {
  const { dueDate, paidCents } = order;
  if (!dueDate) return null;
  if (paidCents >= order.totalCents) {
    return <p className="mt-1 text-sm font-semibold text-emerald-800">{m.paidOff}</p>;
  }
  return (
    <p className="mt-1 text-sm text-slate-700" data-testid="due-date">
      {m.dueOn(formatDate(dueDate))}
    </p>
  );
}

/** "Declined: Not in this month's budget", the reason the company admin gave. */
export function DeclineReason({ order }: { order: Order }) {
  const { declineReason } = order;
  if (!declineReason) return null;
  return (
    <p className="text-sm font-semibold break-words text-slate-700" data-testid="decline-reason">
      {m.declinedBecause(declineReason)}
    </p>
  );
}

/**
 * "Approve" and "Decline" on a member's order awaiting approval, for the company's admins. Declining
 * asks the reason the buyer is told (required; the server's own refusal shows under the field too).
 */
export function ApprovalActions({ order }: { order: Order }) {
  const decide = useDecideOrderMutation();
  const [declining, setDeclining] = useState(false);
  const buyer = order.placedBy?.name ?? order.customer.name;
  const name = orderName(order);
  const pending = decide.isPending;

  const approve = () =>
    decide.mutate(
      { id: order.id, decision: 'approve' },
      {
        onError: (error) => {
          if (error instanceof ApiError && !error.isServerFault) toast.error(error.message);
        },
      },
    );

  const button = 'btn btn-sm whitespace-nowrap';
  return (
    <div className="flex flex-wrap gap-2">
      <button
        type="button"
        className={`${button} btn-primary`}
        aria-label={m.actionLabel(m.approve, name, buyer)}
        // Not `disabled`: disabling the focused button would drop keyboard focus onto the page's body.
        aria-disabled={pending || undefined}
        onClick={() => {
          if (!pending) approve();
        }}
      >
        {pending && decide.variables.decision === 'approve' ? (
          <span className="loading loading-spinner loading-xs" aria-hidden="true" />
        ) : null}
        {m.approve}
      </button>
      <button
        type="button"
        className={`${button} btn-outline btn-error`}
        aria-label={m.actionLabel(m.decline, name, buyer)}
        aria-disabled={pending || undefined}
        onClick={() => {
          if (!pending) setDeclining(true);
        }}
      >
        {m.decline}
      </button>
      <DeclineDialog open={declining} order={order} buyer={buyer} onClose={() => setDeclining(false)} />
    </div>
  );
}

function DeclineDialog({ open, order, buyer, onClose }: { open: boolean; order: Order; buyer: string; onClose: () => void }) {
  const decide = useDecideOrderMutation();
  const titleId = useId();
  const textId = useId();
  const reasonRef = useRef<HTMLTextAreaElement>(null);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string>();

  const close = () => {
    setReason('');
    setError(undefined);
    onClose();
  };

  const submit = () => {
    const text = reason.trim();
    const problem = !text ? m.declineReasonRequired : text.length > MAX_DECLINE_REASON ? m.declineReasonTooLong : undefined;
    if (problem) {
      setError(problem);
      reasonRef.current?.focus();
      return;
    }
    decide.mutate(
      { id: order.id, decision: 'decline', reason: text },
      {
        onSuccess: close,
        onError: (failure) => {
          if (!(failure instanceof ApiError) || failure.isServerFault) return;
          const onField = failure.fieldErrors.reason;
          if (onField) {
            setError(onField);
            reasonRef.current?.focus();
          } else {
            toast.error(failure.message);
            close();
          }
        },
      },
    );
  };

  return (
    <Modal
      open={open}
      onClose={close}
      labelledBy={titleId}
      describedBy={textId}
      initialFocus={reasonRef}
      locked={decide.isPending}
      className="max-w-md"
    >
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (!decide.isPending) submit();
        }}
      >
        <h2 id={titleId} className="text-xl font-bold text-slate-900">
          {m.declineTitle}
        </h2>
        <p id={textId} className="mt-3 text-slate-700">
          {m.declineText(orderName(order), buyer)}
        </p>
        <TextAreaField
          ref={reasonRef}
          className="mt-4"
          label={m.declineReason}
          name="reason"
          rows={3}
          value={reason}
          error={error}
          onChange={(event) => {
            setReason(event.target.value);
            if (error) setError(undefined);
          }}
        />
        <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <button
            type="button"
            className="btn btn-ghost border-slate-300"
            aria-disabled={decide.isPending || undefined}
            onClick={() => {
              if (!decide.isPending) close();
            }}
          >
            {m.keepWaiting}
          </button>
          <button type="submit" className="btn btn-error" aria-disabled={decide.isPending || undefined}>
            {decide.isPending ? <span className="loading loading-spinner loading-sm" aria-hidden="true" /> : null}
            {m.declineConfirm}
          </button>
        </div>
      </form>
    </Modal>
  );
}
