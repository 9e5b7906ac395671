import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import * as copy from '#shared/copy';
import { paths } from '#shared/paths';
import {
  refuseReturnInputSchema,
  approveReturnInputSchema,
  type Return,
  type ReturnCondition,
  returnConditionValues,
  type ReturnStatus,
} from '#shared/schemas/returns';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { FormError, TextAreaField } from '../../../components/form-field';
import { ApiError } from '../../../lib/api-client';
import { formatDate, formatTime } from '../../../lib/format-date';
import { toast } from '../../../lib/toast';
import type { FormatMoney } from '../../../lib/use-money';
import { type ReturnAction, useReturnActionMutation } from '../api/returns';
import { returnLineNameOf } from '../lib/returnable';
import { ReturnStatusBadge } from './return-status';

const r = copy.returns;

interface ReturnDetailProps {
  ret: Return;
  /** A shop admin moves the return on from here. */
  isAdmin: boolean;
  money: FormatMoney;
  /** The credit note's download, drawn by the page (the orders' link). */
  creditNoteLink?: (number: string) => ReactNode;
}

/** The states a return went through, with when, oldest first. */
function historyOf(ret: Return): { status: ReturnStatus; at: string }[] {
  const steps: [ReturnStatus, string | null][] = [
    ['requested', ret.requestedAt],
    ['approved', ret.approvedAt],
    ['refused', ret.refusedAt],
    ['received', ret.receivedAt],
    ['credited', ret.creditedAt],
  ];
  return steps.filter((step): step is [ReturnStatus, string] => step[1] !== null).map(([status, at]) => ({ status, at }));
}

const heading = 'text-lg font-bold text-slate-900';
const card = 'rounded-2xl bg-white p-4 ring-1 ring-slate-200 sm:p-5';

/**
 * One return: its lines with their reasons (and conditions once received), the note, the photos, the
 * history of its states, the credit note and the refund once credited, and for a shop admin the one
 * step its state allows.
 */
export function ReturnDetail({ ret, isAdmin, money, creditNoteLink }: ReturnDetailProps) {
  const statusRef = useRef<HTMLDivElement>(null);
  const shownStatus = useRef(ret.status);
  useEffect(() => {
    if (shownStatus.current === ret.status) return;
    shownStatus.current = ret.status;
    // The step's form is gone with the old state: focus goes to the new one, not to the page's body.
    statusRef.current?.focus();
  }, [ret.status]);
  return (
    <div className="grid gap-5" data-testid="return-detail">
      <div ref={statusRef} tabIndex={-1} className="flex flex-wrap items-center gap-x-3 gap-y-2 text-slate-700 outline-offset-4">
        <ReturnStatusBadge status={ret.status} />
        <span>
          {r.ofOrder} <span className="font-mono break-all">{ret.orderNumber}</span>
        </span>
        <span>{r.requestedOn(formatDate(ret.requestedAt))}</span>
      </div>

      {ret.status === 'credited' ? <CreditFacts ret={ret} money={money} creditNoteLink={creditNoteLink} /> : null}

      <section aria-labelledby="return-lines" className={card}>
        <h3 id="return-lines" className={heading}>
          {r.linesHeading}
        </h3>
        <ul className="mt-3 divide-y divide-slate-200">
          {ret.lines.map((line) => (
            <li key={line.orderLineId} className="py-3 first:pt-0 last:pb-0" data-testid="return-detail-line">
              <p className="font-semibold break-words text-slate-900">{returnLineNameOf(line)}</p>
              <p className="text-sm text-slate-700">
                <span className="font-mono">{line.sku}</span> · {r.quantityOf(line.quantity)} · {money(line.unitPriceCents)}
              </p>
              <p className="text-sm text-slate-700">
                {r.reasonOf(r.reasonLabels[line.reason])}
                {line.condition ? ` · ${r.conditionOf(r.conditionLabels[line.condition])}` : null}
              </p>
            </li>
          ))}
        </ul>
      </section>

      <div className="grid gap-5 md:grid-cols-2">
        <section aria-labelledby="return-note" className={card}>
          <h3 id="return-note" className={heading}>
            {r.noteHeading}
          </h3>
          <p className="mt-2 break-words whitespace-pre-line text-slate-700">{ret.note || r.noNote}</p>
          {ret.photos.length > 0 ? (
            <>
              <h3 className={`mt-4 ${heading}`}>{r.photosHeading}</h3>
              <ul className="mt-2 flex flex-wrap gap-3">
                {ret.photos.map((url, index) => (
                  <li key={url}>
                    <a href={url} target="_blank" rel="noreferrer" className="block rounded-lg ring-1 ring-slate-200">
                      <img
                        src={url}
                        alt={r.photoAlt(index + 1)}
                        width={112}
                        height={84}
                        className="h-21 w-28 rounded-lg object-cover"
                      />
                    </a>
                  </li>
                ))}
              </ul>
            </>
          ) : null}
        </section>
        <section aria-labelledby="return-history" className={card}>
          <h3 id="return-history" className={heading}>
            {r.historyHeading}
          </h3>
          <ol className="mt-2 grid gap-1.5" data-testid="return-history">
            {historyOf(ret).map((step) => (
              <li key={step.status} className="flex flex-wrap justify-between gap-x-3 text-slate-700">
                <span className="font-semibold text-slate-900">{r.history[step.status]}</span>
                <time dateTime={step.at} className="tabular-nums">
                  {formatDate(step.at)}, {formatTime(step.at)}
                </time>
              </li>
            ))}
          </ol>
          {ret.adminNotes ? (
            <>
              <h3 className={`mt-4 ${heading}`}>{r.adminNotesHeading}</h3>
              <p className="mt-1 break-words whitespace-pre-line text-slate-700">{ret.adminNotes}</p>
            </>
          ) : null}
          {ret.refusalReason ? (
            <>
              <h3 className={`mt-4 ${heading}`}>{r.refusalHeading}</h3>
              <p className="mt-1 break-words whitespace-pre-line text-slate-700" data-testid="refusal-reason">
                {ret.refusalReason}
              </p>
            </>
          ) : null}
        </section>
      </div>

      {isAdmin && ['requested', 'approved', 'received'].includes(ret.status) ? (
        <section aria-labelledby="return-actions" className={card}>
          <h3 id="return-actions" className={heading}>
            {r.actionsHeading}
          </h3>
          <div className="mt-3">
            {ret.status === 'requested' ? <DecideForms ret={ret} /> : null}
            {ret.status === 'approved' ? <ReceiveForm ret={ret} /> : null}
            {ret.status === 'received' ? <CreditAction ret={ret} money={money} /> : null}
          </div>
        </section>
      ) : null}

      <p>
        <Link to={paths.returns} className="link text-sky-800 hover:text-sky-950">
          {r.backToList}
        </Link>
      </p>
    </div>
  );
}

function CreditFacts({ ret, money, creditNoteLink }: Pick<ReturnDetailProps, 'ret' | 'money' | 'creditNoteLink'>) {
  const amount = money(ret.refundCents ?? 0);
  return (
    <div className="rounded-xl bg-emerald-50 p-4 text-emerald-950 ring-1 ring-emerald-200" data-testid="return-credit">
      <p className="font-semibold">{r.creditedTo(amount)}</p>
      <p className="mt-1" data-testid="return-refund">
        {ret.refundMethod === 'account'
          ? r.takenOffAccount(amount)
          : ret.refundedAt
            ? r.refundedToCard(amount)
            : r.refundPending(amount)}
      </p>
      {ret.creditNoteNumber && creditNoteLink ? <p className="mt-2">{creditNoteLink(ret.creditNoteNumber)}</p> : null}
    </div>
  );
}

/** A refusal naming a field goes under it; any other one is told in a toast. */
function fieldOrToast(error: unknown, field: string): string | undefined {
  if (!(error instanceof ApiError) || error.isServerFault) return undefined;
  const message = error.fieldErrors[field];
  if (message) return message;
  toast.error(error.message);
  return undefined;
}

function useStep() {
  const mutation = useReturnActionMutation();
  const run = (step: ReturnAction, done: string, onError: (error: unknown) => void) => {
    if (mutation.isPending) return;
    mutation.mutate(step, { onSuccess: () => toast.success(done), onError });
  };
  return { run, pending: mutation.isPending, action: mutation.isPending ? mutation.variables?.action : undefined };
}

function Spinning({ on }: { on: boolean }) {
  return on ? <span className="loading loading-spinner loading-xs" aria-hidden="true" /> : null;
}

/** Approve, with instructions for the customer if any; or refuse, with the reason the customer is mailed. */
function DecideForms({ ret }: { ret: Return }) {
  const { run, pending, action } = useStep();
  const [note, setNote] = useState('');
  const [noteError, setNoteError] = useState<string>();
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string>();

  const approve = () => {
    const checked = approveReturnInputSchema.safeParse({ note: note.trim() === '' ? undefined : note });
    if (!checked.success) return setNoteError(checked.error.issues[0]?.message);
    setNoteError(undefined);
    run({ id: ret.id, action: 'approve', body: checked.data }, r.approved, (error) => setNoteError(fieldOrToast(error, 'note')));
  };
  const refuse = () => {
    const checked = refuseReturnInputSchema.safeParse({ reason });
    if (!checked.success) {
      setReasonError(checked.error.issues[0]?.message);
      document.getElementById('refuse-reason')?.focus();
      return;
    }
    setReasonError(undefined);
    run({ id: ret.id, action: 'refuse', body: checked.data }, r.refused, (error) =>
      setReasonError(fieldOrToast(error, 'reason')),
    );
  };

  return (
    <div className="grid gap-6 md:grid-cols-2">
      <form
        noValidate
        className="grid content-start gap-3"
        onSubmit={(event) => {
          event.preventDefault();
          approve();
        }}
      >
        <TextAreaField
          id="approve-note"
          label={r.approveNote}
          hint={r.approveNoteHint}
          rows={3}
          value={note}
          error={noteError}
          onChange={(event) => setNote(event.target.value)}
        />
        <button type="submit" className="btn btn-primary justify-self-start" aria-disabled={pending || undefined}>
          <Spinning on={action === 'approve'} />
          {r.approve}
        </button>
      </form>
      <form
        noValidate
        className="grid content-start gap-3"
        onSubmit={(event) => {
          event.preventDefault();
          refuse();
        }}
      >
        <TextAreaField
          id="refuse-reason"
          label={r.refuseReason}
          rows={3}
          value={reason}
          error={reasonError}
          aria-required="true"
          onChange={(event) => setReason(event.target.value)}
        />
        <button type="submit" className="btn btn-outline btn-error justify-self-start" aria-disabled={pending || undefined}>
          <Spinning on={action === 'refuse'} />
          {r.refuse}
        </button>
      </form>
    </div>
  );
}

/** Mark received: how each line came back, resalable or damaged, every line once. */
function ReceiveForm({ ret }: { ret: Return }) {
  const formId = useId();
  const { run, pending, action } = useStep();
  const [conditions, setConditions] = useState<Record<string, ReturnCondition>>({});
  const [missing, setMissing] = useState<ReadonlySet<string>>(new Set());
  const [refusal, setRefusal] = useState<string>();

  const receive = () => {
    const left = ret.lines.filter((line) => !conditions[line.orderLineId]).map((line) => line.orderLineId);
    setMissing(new Set(left));
    if (left.length > 0) {
      // To the first line without a condition, by keyboard too.
      const first = ret.lines.findIndex((line) => line.orderLineId === left[0]);
      document.getElementById(`${formId}-${first}-${returnConditionValues[0]}`)?.focus();
      return;
    }
    setRefusal(undefined);
    run(
      {
        id: ret.id,
        action: 'receive',
        body: { lines: ret.lines.map((line) => ({ orderLineId: line.orderLineId, condition: conditions[line.orderLineId]! })) },
      },
      r.received,
      (error) => {
        if (error instanceof ApiError && !error.isServerFault) setRefusal(Object.values(error.fieldErrors)[0] ?? error.message);
      },
    );
  };

  return (
    <form
      noValidate
      className="grid gap-4"
      onSubmit={(event) => {
        event.preventDefault();
        receive();
      }}
    >
      <p className="text-sm text-slate-700">{r.receiveHint}</p>
      {ret.lines.map((line, index) => {
        const errorId = `${formId}-${index}-error`;
        const wrong = missing.has(line.orderLineId) && !conditions[line.orderLineId];
        return (
          <fieldset
            key={line.orderLineId}
            className="rounded-xl p-3 ring-1 ring-slate-200"
            aria-describedby={wrong ? errorId : undefined}
            data-testid="receive-line"
          >
            <legend className="px-1 text-sm font-semibold text-slate-800">
              {r.conditionLegend(`${returnLineNameOf(line)} × ${line.quantity}`)}
            </legend>
            <div className="flex flex-wrap gap-x-6 gap-y-2">
              {returnConditionValues.map((condition) => (
                <label key={condition} className="flex cursor-pointer items-center gap-2 text-slate-800">
                  <input
                    id={`${formId}-${index}-${condition}`}
                    type="radio"
                    className="radio radio-sm"
                    name={`${formId}-${index}`}
                    value={condition}
                    checked={conditions[line.orderLineId] === condition}
                    aria-invalid={wrong || undefined}
                    onChange={() => setConditions((current) => ({ ...current, [line.orderLineId]: condition }))}
                  />
                  {r.conditionLabels[condition]}
                </label>
              ))}
            </div>
            {wrong ? (
              <p id={errorId} className="mt-1.5 text-sm font-medium text-error">
                {r.conditionMissing}
              </p>
            ) : null}
          </fieldset>
        );
      })}
      <FormError message={refusal} />
      <button type="submit" className="btn btn-primary justify-self-start" aria-disabled={pending || undefined}>
        <Spinning on={action === 'receive'} />
        {r.markReceived}
      </button>
    </form>
  );
}

/** Credit, after "Are you sure?": the credit note, the stock and the refund cannot be taken back. */
function CreditAction({ ret, money }: { ret: Return; money: FormatMoney }) {
  const { run, pending } = useStep();
  const [asking, setAsking] = useState(false);
  const goods = ret.lines.reduce((sum, line) => sum + line.unitPriceCents * line.quantity, 0);
  return (
    <>
      <button type="button" className="btn btn-primary" onClick={() => setAsking(true)}>
        {r.credit}
      </button>
      <ConfirmDialog
        open={asking}
        pending={pending}
        confirmLabel={r.creditYes}
        cancelLabel={r.creditKeep}
        onCancel={() => setAsking(false)}
        onConfirm={() =>
          run({ id: ret.id, action: 'credit' }, r.credited, (error) => {
            setAsking(false);
            fieldOrToast(error, 'id');
          })
        }
      >
        <p>{r.creditConfirm(ret.number, money(goods))}</p>
      </ConfirmDialog>
    </>
  );
}
