import { type FormEvent, type ReactNode, useId, useState } from 'react';
import * as copy from '#shared/copy';
import { InputField } from '../../../components/form-field';
import { type OrderFilterErrors, type OrderFilterValues, isFiltered, orderFilterErrorsOf } from '../lib/order-filters';

const o = copy.orders;

interface OrderFiltersProps {
  /** The search the list shows now (from the address); the fields follow it when it changes. */
  applied: OrderFilterValues;
  onApply: (values: OrderFilterValues) => void;
  /** Controls of the list shown before the fields (Manage All Orders' status). */
  before?: ReactNode;
  /** After the button (Manage All Orders' CSV download). */
  after?: ReactNode;
}

const same = (a: OrderFilterValues, b: OrderFilterValues) =>
  (a.q ?? '') === (b.q ?? '') && (a.from ?? '') === (b.from ?? '') && (a.to ?? '') === (b.to ?? '');

/**
 * "Find orders": an order or invoice number and the days the orders were booked, applied when sent
 * (the button or Enter), checked first with the server's rules, each mistake under its field. "Clear"
 * shows every order again. The fields stack on a phone and share a row from sm width.
 */
export function OrderFilters({ applied, onApply, before, after }: OrderFiltersProps) {
  const titleId = useId();
  const [draft, setDraft] = useState<OrderFilterValues>(applied);
  const [shown, setShown] = useState<OrderFilterValues>(applied);
  const [errors, setErrors] = useState<OrderFilterErrors>({});
  // The address changed (back button, "Clear the search"): the fields say what the list shows.
  if (!same(applied, shown)) {
    setShown(applied);
    setDraft(applied);
    setErrors({});
  }

  const change = (field: keyof OrderFilterValues, value: string) => {
    setDraft((current) => ({ ...current, [field]: value }));
    // A mistake stays until the field changes.
    if (errors[field]) setErrors(({ [field]: _gone, ...rest }) => rest);
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const values = { q: draft.q?.trim(), from: draft.from, to: draft.to };
    const found = orderFilterErrorsOf(values);
    setErrors(found);
    if (Object.keys(found).length === 0) onApply(values);
  };

  return (
    <form role="search" aria-labelledby={titleId} onSubmit={submit} noValidate className="mb-6">
      <h3 id={titleId} className="sr-only">
        {o.searchTitle}
      </h3>
      <div className="flex flex-col gap-4 sm:flex-row sm:flex-wrap sm:items-start">
        {before}
        <InputField
          type="search"
          label={o.searchLabel}
          value={draft.q ?? ''}
          maxLength={100}
          autoComplete="off"
          spellCheck={false}
          onChange={(event) => change('q', event.target.value)}
          error={errors.q}
          className="w-full sm:w-64"
        />
        {/* Side by side even on a phone: a range reads as one. */}
        <div className="grid grid-cols-2 gap-3 sm:contents">
          <InputField
            type="date"
            label={o.bookedFrom}
            value={draft.from ?? ''}
            max={draft.to || undefined}
            onChange={(event) => change('from', event.target.value)}
            error={errors.from}
            className="min-w-0 sm:w-44"
          />
          <InputField
            type="date"
            label={o.bookedTo}
            value={draft.to ?? ''}
            min={draft.from || undefined}
            onChange={(event) => change('to', event.target.value)}
            error={errors.to}
            className="min-w-0 sm:w-44"
          />
        </div>
        <div className="flex gap-2 sm:mt-[1.625rem]">
          <button
            type="submit"
            className="btn btn-lg flex-1 border-slate-900 bg-slate-900 text-white hover:bg-slate-800 sm:flex-none"
          >
            {o.search}
          </button>
          {isFiltered(applied) ? (
            <button type="button" className="btn btn-lg btn-outline flex-1 sm:flex-none" onClick={() => onApply({})}>
              {o.clear}
            </button>
          ) : null}
        </div>
        {after}
      </div>
    </form>
  );
}
