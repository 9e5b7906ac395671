import { useEffect, useRef, useState, type JSX, type KeyboardEvent } from 'react';
import * as copy from '#shared/copy';
import type { VinLookup } from '#shared/schemas/vin';
import { decodeVin } from '#shared/vin';
import { ApiError } from '../../../lib/api-client';
import { useFindByVinMutation } from '../api/find-by-vin';
import { vehicleOptionLabel, type VehicleChoice } from './vehicle-picker';

const t = copy.vin;

/** What the answer says above the models: "2016 Ford", or why there is nothing to choose. */
function foundText(lookup: VinLookup): string {
  if (lookup.make === null) return t.unknownMake(lookup.vin.slice(0, 3));
  const found = t.found(lookup.make, lookup.year);
  return lookup.vehicles.length === 0 ? t.noVehicles(found) : found;
}

/**
 * "Find by VIN" (docs/shop-rules.md, "Finding parts"): the VIN is checked in the browser with the
 * server's own rules, then the server names its make and model year and the shop's vehicles of it;
 * choosing one sets the picker's make, model and year as choosing them there does. Enter finds (and
 * never sends a form the finder sits in). Closed, it is only its button beside the make's label
 * (`VinToggle`), so that on a phone the parts that fit stay within sight under the selects.
 */
export function VinFinder({
  id,
  open,
  onPick,
}: {
  /** The panel's id, for its button's `aria-controls`. */
  id: string;
  open: boolean;
  onPick: (choice: VehicleChoice) => void;
}): JSX.Element {
  const fieldId = `${id}-field`;
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const modelId = `${id}-model`;
  const field = useRef<HTMLInputElement>(null);
  const [text, setText] = useState('');
  const [error, setError] = useState<string>();
  const [chosen, setChosen] = useState('');
  const lookup = useFindByVinMutation();

  const find = () => {
    const decoded = decodeVin(text);
    setChosen('');
    if (!decoded.ok) {
      lookup.reset();
      setError(decoded.message);
      return;
    }
    setError(undefined);
    lookup.mutate(decoded.vin, {
      onError: (failure) => {
        const refusal = failure instanceof ApiError && failure.status === 400;
        setError(refusal ? (failure.fieldErrors.vin ?? failure.message) : t.failed);
      },
    });
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    find();
  };

  const answer = lookup.isSuccess && !error ? lookup.data : undefined;
  const makes = new Set(answer?.vehicles.map((vehicle) => vehicle.make));
  // A candidate names its make only when the answer holds more than the one asked for (Opel and Vauxhall).
  const labelOf = (vehicle: VinLookup['vehicles'][number]) =>
    makes.size > 1 || vehicle.make !== answer?.make
      ? t.candidateOfMake(vehicle.make, vehicleOptionLabel(vehicle))
      : vehicleOptionLabel(vehicle);
  const choose = (vehicleId: string) => {
    setChosen(vehicleId);
    const vehicle = answer?.vehicles.find((item) => item.id === vehicleId);
    if (!vehicle) return;
    const choice: VehicleChoice = { make: vehicle.make, vehicleId: vehicle.id };
    if (answer?.year != null) choice.year = answer.year;
    onPick(choice);
  };

  // Opening the finder moves the focus into its field.
  useEffect(() => {
    if (open) field.current?.focus();
  }, [open]);

  return (
    <div id={id} hidden={!open} className="mt-5 border-t border-slate-200 pt-5">
      <div>
        <label htmlFor={fieldId} className="mb-1.5 block text-sm font-semibold text-slate-800">
          {t.label}
        </label>
        <p id={hintId} className="mb-1.5 text-sm text-slate-600">
          {t.help}
        </p>
        <div className="flex gap-2">
          <input
            ref={field}
            id={fieldId}
            type="text"
            value={text}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            maxLength={40}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : hintId}
            onChange={(event) => setText(event.target.value)}
            onKeyDown={onKeyDown}
            className={`input input-lg min-w-0 flex-1 bg-white font-mono text-base uppercase text-slate-900 ${error ? 'input-error' : ''}`}
          />
          <button type="button" className="btn btn-lg btn-primary" disabled={lookup.isPending} onClick={find}>
            {lookup.isPending ? t.finding : t.find}
          </button>
        </div>
        {error ? (
          <p id={errorId} className="mt-1.5 text-sm font-medium text-error">
            {error}
          </p>
        ) : null}
        <div aria-live="polite">
          {answer ? (
            answer.vehicles.length > 0 ? (
              <div className="mt-4">
                <label htmlFor={modelId} className="mb-1.5 block text-sm font-semibold text-slate-800">
                  {t.candidates(foundText(answer))}
                </label>
                <select
                  id={modelId}
                  value={chosen}
                  onChange={(event) => choose(event.target.value)}
                  className="select select-lg w-full appearance-none bg-white pe-10 text-base text-slate-900"
                >
                  <option value="">{t.chooseModel}</option>
                  {answer.vehicles.map((vehicle) => (
                    <option key={vehicle.id} value={vehicle.id}>
                      {labelOf(vehicle)}
                    </option>
                  ))}
                </select>
              </div>
            ) : (
              <p className="mt-3 text-sm font-medium text-slate-800">{foundText(answer)}</p>
            )
          ) : null}
        </div>
      </div>
    </div>
  );
}

/** The button that opens and closes the finder, drawn beside the make's label. */
export function VinToggle({ open, controls, onToggle }: { open: boolean; controls: string; onToggle: () => void }) {
  return (
    <button
      type="button"
      aria-expanded={open}
      aria-controls={controls}
      onClick={onToggle}
      className="link-brand inline-flex min-h-6 items-center gap-1 text-sm font-semibold"
    >
      <svg
        aria-hidden="true"
        viewBox="0 0 20 20"
        fill="currentColor"
        className={`h-4 w-4 transition-transform ${open ? 'rotate-90' : ''}`}
      >
        <path d="M7.3 4.3a1 1 0 0 1 1.4 0l5 5a1 1 0 0 1 0 1.4l-5 5a1 1 0 1 1-1.4-1.4L11.6 10 7.3 5.7a1 1 0 0 1 0-1.4Z" />
      </svg>
      {t.open}
    </button>
  );
}
