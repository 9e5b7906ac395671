import { useId, useState, type JSX, type ReactNode } from 'react';
import * as copy from '#shared/copy';
import type { Vehicle } from '#shared/schemas/vehicles';
import { yearRange } from '#shared/vehicle-names';
import { useVehicleMakesQuery } from '../api/get-makes';
import { useVehicle, useVehiclesQuery } from '../api/get-vehicles';
import { VinFinder, VinToggle } from './vin-finder';

const c = copy.vehiclePicker;

/** What the picker has chosen: a make, then one of its vehicles (model and engine), then a year it was built. */
export interface VehicleChoice {
  make?: string;
  vehicleId?: string;
  year?: number;
}

/** The picker's fields, as the garage's API names them (`vehicleId`, `year`) for its messages. */
export type VehicleChoiceErrors = Partial<Record<keyof VehicleChoice, string>>;

interface VehiclePickerProps {
  value: VehicleChoice;
  onChange: (next: VehicleChoice) => void;
  /** 'row' on wide filter bars, 'stack' in narrow places (sidebars, dialogs). */
  layout?: 'row' | 'stack';
  /** The legend the fieldset shows (default copy: "Find parts for your vehicle"). */
  legend?: string;
  /** Every select must be chosen (saving a vehicle), so the empty options ask for it instead of offering "Any". */
  required?: boolean;
  /** A message under a select (the form's check or the server's refusal). */
  errors?: VehicleChoiceErrors;
  /** What comes between the legend and the selects (on the parts list, the customer's saved vehicles). */
  before?: ReactNode;
  /** Offer "Find by VIN" under the selects: a VIN's vehicle is chosen as if picked in them. */
  findByVin?: boolean;
}

/** "Focus 1.6 Ti-VCT 92 kW (2011–2018)": a model's option, under its make. */
export function vehicleOptionLabel(vehicle: Pick<Vehicle, 'model' | 'engine' | 'yearFrom' | 'yearTo'>): string {
  return c.vehicleOption(`${vehicle.model} ${vehicle.engine}`, yearRange(vehicle.yearFrom, vehicle.yearTo));
}

/** The years a vehicle was built, newest first. */
function yearsOf(vehicle: Pick<Vehicle, 'yearFrom' | 'yearTo'>): number[] {
  const years: number[] = [];
  for (let year = vehicle.yearTo; year >= vehicle.yearFrom; year -= 1) years.push(year);
  return years;
}

function withoutEmpty(choice: VehicleChoice): VehicleChoice {
  const next: VehicleChoice = {};
  if (choice.make) next.make = choice.make;
  if (choice.vehicleId) next.vehicleId = choice.vehicleId;
  if (choice.year !== undefined) next.year = choice.year;
  return next;
}

interface PickerSelectProps {
  label: string;
  value: string;
  disabled: boolean;
  busy: boolean;
  required: boolean;
  error?: string;
  onChange: (value: string) => void;
  children: ReactNode;
}

/** A labelled native select with its message underneath, tied to it with aria-invalid and aria-describedby. */
function PickerSelect({ label, value, disabled, busy, required, error, onChange, children }: PickerSelectProps) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className="min-w-0">
      <label htmlFor={id} className="mb-1.5 block text-sm font-semibold text-slate-800">
        {label}
      </label>
      <select
        id={id}
        value={value}
        disabled={disabled}
        aria-busy={busy || undefined}
        aria-required={required || undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        onChange={(event) => onChange(event.target.value)}
        className={`select select-lg w-full appearance-none bg-white pe-10 text-base text-slate-900 disabled:bg-slate-100 disabled:text-slate-600 ${error ? 'select-error' : ''}`}
      >
        {children}
      </select>
      {error ? (
        <p id={errorId} className="mt-1.5 text-sm font-medium text-error">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** A list that failed to load, said in place of the select's help, with a way to ask again. */
function LoadFailure({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <div role="alert" className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm font-medium text-error sm:col-span-full">
      <span>{message}</span>
      <button type="button" className="btn btn-sm btn-outline" onClick={onRetry}>
        {copy.common.retry}
      </button>
    </div>
  );
}

/**
 * "Find parts for your vehicle" (docs/shop-rules.md, "Finding parts"): make, then model (each of the
 * make's vehicles with its engine and years), then year, as three native selects in a fieldset, so
 * the keyboard and phones work as they do everywhere. Changing the make clears the model and year;
 * changing the model keeps the year only when the new vehicle was built that year. A choice given
 * with a vehicle and no make (a garage's link) shows the vehicle's make.
 */
export function VehiclePicker({
  value,
  onChange,
  layout = 'row',
  legend = c.legend,
  required = false,
  errors = {},
  before,
  findByVin = false,
}: VehiclePickerProps): JSX.Element {
  const makes = useVehicleMakesQuery();
  const vinId = useId();
  const [vinOpen, setVinOpen] = useState(false);
  // Only a choice without its make needs the vehicle looked up to know the make.
  const named = useVehicle(value.make ? undefined : value.vehicleId);
  const make = value.make || named.data?.make;
  const vehicles = useVehiclesQuery(make);
  const vehicle = value.vehicleId ? vehicles.data?.items.find((item) => item.id === value.vehicleId) : undefined;

  const makeNames = makes.data?.items ?? [];
  // A make from an address the shop does not list still shows what was asked (the list says it is unknown).
  const makeOptions = make && !makeNames.includes(make) ? [make, ...makeNames] : makeNames;
  const findingMake = Boolean(value.vehicleId) && !value.make && named.isPending;
  const modelsLoading = findingMake || (Boolean(make) && vehicles.isPending);
  const unknownVehicle =
    Boolean(value.vehicleId) && ((vehicles.isSuccess && vehicle === undefined) || (!make && named.data === null));
  const modelsFailed = vehicles.isError || (!value.make && named.isError);
  const years = vehicle ? yearsOf(vehicle) : [];
  if (value.year !== undefined && !years.includes(value.year)) years.unshift(value.year);

  const chooseMake = (next: string) => onChange(withoutEmpty({ make: next }));
  const chooseModel = (nextId: string) => {
    const next = vehicles.data?.items.find((item) => item.id === nextId);
    const keepsYear = next !== undefined && value.year !== undefined && value.year >= next.yearFrom && value.year <= next.yearTo;
    onChange(withoutEmpty({ make, vehicleId: next?.id, year: keepsYear ? value.year : undefined }));
  };
  const chooseYear = (next: string) =>
    onChange(withoutEmpty({ make, vehicleId: value.vehicleId, year: next === '' ? undefined : Number(next) }));

  return (
    <fieldset className="min-w-0">
      <legend className="mb-3 text-base font-bold text-slate-900">{legend}</legend>
      {before}
      {/* The VIN finder's button sits at the right of the labels' line, taking no room of its own. */}
      {findByVin ? (
        <div className="relative">
          <div className="absolute end-0 top-0 z-10">
            <VinToggle open={vinOpen} controls={vinId} onToggle={() => setVinOpen(!vinOpen)} />
          </div>
        </div>
      ) : null}
      {/* In a row the model, named with its engine and years, takes twice the room of make and year. */}
      <div className={`grid gap-4 ${layout === 'row' ? 'sm:grid-cols-[minmax(0,1fr)_minmax(0,2fr)_minmax(0,1fr)]' : ''}`}>
        <PickerSelect
          label={c.make}
          value={make ?? ''}
          disabled={makes.isPending || (makes.isError && makeOptions.length === 0)}
          busy={makes.isPending}
          required={required}
          error={errors.make}
          onChange={chooseMake}
        >
          <option value="">{makes.isPending ? c.loadingMakes : required ? c.chooseMake : c.anyMake}</option>
          {makeOptions.map((name) => (
            <option key={name} value={name}>
              {name}
            </option>
          ))}
        </PickerSelect>
        <PickerSelect
          label={c.model}
          value={value.vehicleId ?? ''}
          disabled={!make || modelsLoading || modelsFailed}
          busy={modelsLoading}
          required={required}
          error={errors.vehicleId}
          onChange={chooseModel}
        >
          <option value="">{modelsLoading ? c.loadingModels : required ? c.chooseModel : c.anyModel}</option>
          {unknownVehicle ? <option value={value.vehicleId}>{c.unknownVehicle}</option> : null}
          {(vehicles.data?.items ?? []).map((item) => (
            <option key={item.id} value={item.id}>
              {vehicleOptionLabel(item)}
            </option>
          ))}
        </PickerSelect>
        <PickerSelect
          label={c.year}
          value={value.year === undefined ? '' : String(value.year)}
          disabled={vehicle === undefined}
          busy={false}
          required={required}
          error={errors.year}
          onChange={chooseYear}
        >
          <option value="">{required ? c.chooseYear : c.anyYear}</option>
          {years.map((year) => (
            <option key={year} value={year}>
              {year}
            </option>
          ))}
        </PickerSelect>
        {makes.isError ? <LoadFailure message={c.makesFailed} onRetry={() => void makes.refetch()} /> : null}
        {modelsFailed ? (
          <LoadFailure message={c.modelsFailed} onRetry={() => void (vehicles.isError ? vehicles.refetch() : named.refetch())} />
        ) : null}
      </div>
      {findByVin ? <VinFinder id={vinId} open={vinOpen} onPick={(choice) => onChange(withoutEmpty(choice))} /> : null}
    </fieldset>
  );
}
