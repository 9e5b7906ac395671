import { useId, useRef, useState, type ReactNode } from 'react';
import * as copy from '#shared/copy';
import { emptyFitmentRow, type FitmentRowsErrors, type FitmentRowText } from '#shared/schemas/fitment-form';
import { MAX_FITMENTS_PER_PART } from '#shared/schemas/vehicles';
import { AddRowButton } from '../../../components/add-row-button';
import { useVehicleMakesQuery } from '../api/get-makes';
import { useVehiclesQuery } from '../api/get-vehicles';
import { vehicleOptionLabel } from './vehicle-picker';

const f = copy.fitmentRows;
const labelClass = 'mb-1.5 block text-sm font-semibold text-slate-800';
const errorClass = 'mt-1.5 text-sm font-medium text-error';

export interface FitmentRowsProps {
  rows: FitmentRowText[];
  onChange: (rows: FitmentRowText[]) => void;
  errors: FitmentRowsErrors;
}

interface RowControlProps {
  id: string;
  /** "Vehicle 2", read before the control's own label so each row's controls are told apart. */
  row: string;
  label: string;
  error?: string;
  children: (aria: { id: string; 'aria-invalid': true | undefined; 'aria-describedby': string | undefined }) => ReactNode;
}

/** A row's control with its label (named with its row) and its message underneath. */
function RowControl({ id, row, label, error, children }: RowControlProps) {
  return (
    <div className="min-w-0">
      <label htmlFor={id} className={labelClass}>
        <span className="sr-only">{`${row}: `}</span>
        {label}
      </label>
      {children({ id, 'aria-invalid': error ? true : undefined, 'aria-describedby': error ? `${id}-error` : undefined })}
      {error ? (
        <p id={`${id}-error`} className={errorClass}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

interface FitmentRowProps {
  index: number;
  value: FitmentRowText;
  errors?: Partial<Record<keyof FitmentRowText, string>>;
  makes: readonly string[];
  makesPending: boolean;
  /** A row just added: its first control takes focus, as a new price tier's does. */
  focusOnMount: boolean;
  onChange: (row: FitmentRowText) => void;
  onRemove: () => void;
}

/** One vehicle the part fits: make, then one of its vehicles, the years it fits and a note. */
function FitmentRow({ index, value, errors, makes, makesPending, focusOnMount, onChange, onRemove }: FitmentRowProps) {
  const id = useId();
  const row = f.row(index + 1);
  const vehicles = useVehiclesQuery(value.make || undefined);
  const makeOptions = value.make && !makes.includes(value.make) ? [value.make, ...makes] : makes;
  const listed = vehicles.data?.items ?? [];
  const unlisted = value.vehicleId !== '' && vehicles.isSuccess && !listed.some((vehicle) => vehicle.id === value.vehicleId);
  const input = (error?: string) => `input input-lg w-full bg-white text-base text-slate-900 ${error ? 'input-error' : ''}`;
  const select = (error?: string) =>
    `select select-lg w-full appearance-none bg-white pe-10 text-base text-slate-900 disabled:bg-slate-100 disabled:text-slate-600 ${error ? 'select-error' : ''}`;

  return (
    <li data-testid="fitment-row" className="rounded-xl bg-slate-50 p-3 ring-1 ring-slate-200 sm:p-4">
      <div className="flex items-center justify-between gap-3">
        <p className="text-sm font-bold text-slate-900">{row}</p>
        <button
          type="button"
          className="btn btn-ghost btn-sm text-slate-700"
          aria-label={f.removeRow(index + 1)}
          onClick={onRemove}
        >
          {f.remove}
        </button>
      </div>
      {/* The vehicle's name with its engine and years is long: it gets two thirds of a wide row. */}
      <div className="mt-2 grid gap-3 sm:grid-cols-[minmax(0,1fr)_minmax(0,2fr)]">
        <RowControl id={`${id}-make`} row={row} label={f.make}>
          {(aria) => (
            <select
              {...aria}
              // Only a row the user just added, as a new price tier does.
              autoFocus={focusOnMount}
              name={`fitments.${index}.make`}
              value={value.make}
              disabled={makesPending && !value.make}
              // Another make: its vehicles differ, and so do the years they were built.
              onChange={(event) => onChange({ ...value, make: event.target.value, vehicleId: '', yearFrom: '', yearTo: '' })}
              className={select()}
            >
              <option value="">{makesPending ? f.loading : f.chooseMake}</option>
              {makeOptions.map((name) => (
                <option key={name} value={name}>
                  {name}
                </option>
              ))}
            </select>
          )}
        </RowControl>
        <RowControl
          id={`${id}-vehicle`}
          row={row}
          label={f.vehicle}
          error={errors?.vehicleId ?? (vehicles.isError ? f.failed : undefined)}
        >
          {(aria) => (
            <select
              {...aria}
              name={`fitments.${index}.vehicleId`}
              value={value.vehicleId}
              disabled={!value.make || vehicles.isPending}
              aria-busy={(Boolean(value.make) && vehicles.isPending) || undefined}
              onChange={(event) => {
                const chosen = listed.find((vehicle) => vehicle.id === event.target.value);
                // A vehicle's years are where most rows start: filled in when still empty.
                onChange({
                  ...value,
                  vehicleId: event.target.value,
                  yearFrom: value.yearFrom || (chosen ? String(chosen.yearFrom) : ''),
                  yearTo: value.yearTo || (chosen ? String(chosen.yearTo) : ''),
                });
              }}
              className={select(errors?.vehicleId)}
            >
              <option value="">{!value.make ? f.chooseMakeFirst : vehicles.isPending ? f.loading : f.chooseVehicle}</option>
              {unlisted ? <option value={value.vehicleId}>{copy.vehiclePicker.unknownVehicle}</option> : null}
              {listed.map((vehicle) => (
                <option key={vehicle.id} value={vehicle.id}>
                  {vehicleOptionLabel(vehicle)}
                </option>
              ))}
            </select>
          )}
        </RowControl>
      </div>
      <div className="mt-3 grid gap-3 sm:grid-cols-2">
        <div className="grid grid-cols-2 gap-3">
          <RowControl id={`${id}-from`} row={row} label={f.yearFrom} error={errors?.yearFrom}>
            {(aria) => (
              <input
                {...aria}
                inputMode="numeric"
                autoComplete="off"
                name={`fitments.${index}.yearFrom`}
                value={value.yearFrom}
                onChange={(event) => onChange({ ...value, yearFrom: event.target.value })}
                className={input(errors?.yearFrom)}
              />
            )}
          </RowControl>
          <RowControl id={`${id}-to`} row={row} label={f.yearTo} error={errors?.yearTo}>
            {(aria) => (
              <input
                {...aria}
                inputMode="numeric"
                autoComplete="off"
                name={`fitments.${index}.yearTo`}
                value={value.yearTo}
                onChange={(event) => onChange({ ...value, yearTo: event.target.value })}
                className={input(errors?.yearTo)}
              />
            )}
          </RowControl>
        </div>
        <RowControl id={`${id}-note`} row={row} label={f.note} error={errors?.note}>
          {(aria) => (
            <input
              {...aria}
              autoComplete="off"
              placeholder={f.notePlaceholder}
              name={`fitments.${index}.note`}
              value={value.note}
              onChange={(event) => onChange({ ...value, note: event.target.value })}
              className={input(errors?.note)}
            />
          )}
        </RowControl>
      </div>
    </li>
  );
}

/**
 * "Fits these vehicles" in the part form (docs/shop-rules.md, "Finding parts"): one row per vehicle,
 * added and removed like the price tiers, each with its own messages (the form's check and the
 * server's: a vehicle it does not know, years outside those it was built).
 */
export function FitmentRows({ rows, onChange, errors }: FitmentRowsProps) {
  const id = useId();
  const addRef = useRef<HTMLButtonElement>(null);
  const makes = useVehicleMakesQuery();
  const full = rows.length >= MAX_FITMENTS_PER_PART;
  // The rows on show when the form opened take no focus; one added afterwards does.
  const [addedFrom, setAddedFrom] = useState(Number.POSITIVE_INFINITY);

  return (
    <fieldset className="grid gap-3" aria-describedby={`${id}-text`}>
      <legend className="mb-1 text-sm font-semibold text-slate-800">{f.legend}</legend>
      <p id={`${id}-text`} className="-mt-1 text-sm text-slate-600">
        {f.text(MAX_FITMENTS_PER_PART)}
      </p>
      {makes.isError ? <p className={errorClass}>{copy.vehiclePicker.makesFailed}</p> : null}
      {rows.length > 0 ? (
        <ol className="grid gap-3">
          {rows.map((row, index) => (
            // Rows have no identity of their own but their place: every control is drawn from `rows`.
            <FitmentRow
              key={index}
              index={index}
              value={row}
              errors={errors.rows[index]}
              makes={makes.data?.items ?? []}
              makesPending={makes.isPending}
              focusOnMount={index >= addedFrom}
              onChange={(next) => onChange(rows.map((current, at) => (at === index ? next : current)))}
              onRemove={() => {
                onChange(rows.filter((_, at) => at !== index));
                addRef.current?.focus();
              }}
            />
          ))}
        </ol>
      ) : null}
      {errors.list ? <p className={errorClass}>{errors.list}</p> : null}
      <AddRowButton
        buttonRef={addRef}
        label={f.add}
        full={full}
        fullText={copy.vehicles.fitmentsTooMany(MAX_FITMENTS_PER_PART)}
        onAdd={() => {
          setAddedFrom((from) => Math.min(from, rows.length));
          onChange([...rows, emptyFitmentRow]);
        }}
      />
    </fieldset>
  );
}
