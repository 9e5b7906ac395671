import { memo, type RefObject, useId, useMemo, useRef, useState, type ReactNode } from 'react';
import { useFieldArray, useWatch, type UseFormReturn } from 'react-hook-form';
import * as copy from '#shared/copy';
import { countryName } from '#shared/schemas/address';
import { MAX_TAX_RATES, TAX_NAMES } from '#shared/schemas/content';
import { InputField, SelectField } from '../../../components/form-field';
import type { SettingsFormInput, SettingsFormOutput } from './settings-form-schema';

const s = copy.settings;
type SettingsFormApi = UseFormReturn<SettingsFormInput, unknown, SettingsFormOutput>;

/** Every country the shop knows, by English name (the same order on the server and in the browser). */
const COUNTRIES = Object.entries(copy.address.countryNames).sort(([, a], [, b]) => a.localeCompare(b, 'en'));
const US_STATES = Object.entries(copy.address.usStateNames).sort(([, a], [, b]) => a.localeCompare(b, 'en'));

/** "Choose a country" and every country; memoised: a form with many rows draws its 250 options once per list. */
export const CountryOptions = memo(function CountryOptions() {
  return (
    <>
      <option value="">{s.chooseCountry}</option>
      {COUNTRIES.map(([code, name]) => (
        <option key={code} value={code}>
          {name}
        </option>
      ))}
    </>
  );
});

const fieldLabel = 'mb-1.5 block text-sm font-semibold text-slate-800';
const fieldError = 'mt-1.5 text-sm font-medium text-error';

interface RowFieldProps {
  id: string;
  /** "Tax row 2", said before the label (not shown: the row's heading shows it). */
  row: string;
  label: string;
  error?: string | undefined;
  className?: string;
  children: (aria: { id: string; 'aria-invalid': true | undefined; 'aria-describedby': string | undefined }) => ReactNode;
}

/** One control of a row: its label names the row for screen readers, its message sits under it. */
function RowField({ id, row, label, error, className = '', children }: RowFieldProps) {
  return (
    <div className={`min-w-0 ${className}`}>
      <label htmlFor={id} className={fieldLabel}>
        <span className="sr-only">{`${row}: `}</span>
        {label}
      </label>
      {children({ id, 'aria-invalid': error ? true : undefined, 'aria-describedby': error ? `${id}-error` : undefined })}
      {error ? (
        <p id={`${id}-error`} className={fieldError}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

const inputClass = (error: unknown) => `input input-lg w-full bg-white text-base text-slate-900 ${error ? 'input-error' : ''}`;
const selectClass = (error: unknown) =>
  `select select-lg w-full bg-white text-base text-slate-900 ${error ? 'select-error' : ''}`;

/** The seller's postal address as fields; a US address picks its state from a list and has a ZIP code. */
export function SellerAddressFields({ form }: { form: SettingsFormApi }) {
  const errors = form.formState.errors.sellerAddress;
  const country = useWatch({ control: form.control, name: 'sellerAddress.country' });
  const us = country === 'US';
  return (
    <div className="grid grid-cols-1 gap-5 sm:grid-cols-2">
      <InputField
        className="sm:col-span-2"
        label={copy.address.line1Label}
        autoComplete="off"
        maxLength={120}
        error={errors?.line1?.message}
        {...form.register('sellerAddress.line1')}
      />
      <InputField
        className="sm:col-span-2"
        label={copy.address.line2Label}
        autoComplete="off"
        maxLength={120}
        error={errors?.line2?.message}
        {...form.register('sellerAddress.line2')}
      />
      <InputField
        label={copy.address.cityLabel}
        autoComplete="off"
        maxLength={80}
        error={errors?.city?.message}
        {...form.register('sellerAddress.city')}
      />
      {us ? (
        <SelectField label={copy.address.stateLabel} error={errors?.region?.message} {...form.register('sellerAddress.region')}>
          <option value="">{copy.address.chooseState}</option>
          {US_STATES.map(([code, name]) => (
            <option key={code} value={code}>
              {name}
            </option>
          ))}
        </SelectField>
      ) : (
        <InputField
          label={copy.address.regionLabel}
          autoComplete="off"
          maxLength={3}
          error={errors?.region?.message}
          {...form.register('sellerAddress.region')}
        />
      )}
      <InputField
        label={us ? copy.address.zipLabel : copy.address.postalCodeLabel}
        autoComplete="off"
        maxLength={12}
        error={errors?.postalCode?.message}
        {...form.register('sellerAddress.postalCode')}
      />
      <SelectField
        label={copy.address.countryLabel}
        hint={s.sellerCountryHint}
        error={errors?.country?.message}
        {...form.register('sellerAddress.country')}
      >
        <CountryOptions />
      </SelectField>
    </div>
  );
}

/** The rows' buttons: "Remove" in a row's heading, "Add" under the list. */
function RemoveButton({ label, onClick }: { label: string; onClick: () => void }) {
  return (
    <button type="button" className="btn btn-ghost btn-sm text-slate-700 hover:text-red-700" aria-label={label} onClick={onClick}>
      {s.remove}
    </button>
  );
}

/** What a list of rows says when it has none. */
function EmptyRows({ children }: { children: ReactNode }) {
  return <p className="rounded-xl border border-dashed border-slate-300 px-3 py-3 text-sm text-slate-700">{children}</p>;
}

/** Under a list of rows: its own message (about the list as a whole), then the button that adds a row. */
function AddRow({
  listError,
  addRef,
  label,
  disabled = false,
  onAdd,
}: {
  listError: string | undefined;
  addRef: RefObject<HTMLButtonElement | null>;
  label: string;
  disabled?: boolean;
  onAdd: () => void;
}) {
  return (
    <>
      {listError ? <p className={fieldError}>{listError}</p> : null}
      <div>
        <button
          ref={addRef}
          type="button"
          className="btn border-slate-300 bg-white text-slate-800 hover:bg-slate-100"
          aria-disabled={disabled || undefined}
          onClick={() => {
            if (!disabled) onAdd();
          }}
        >
          {label}
        </button>
      </div>
    </>
  );
}

/**
 * The tax table: one row per country (or a country's region) with its tax's name and rate, added and
 * removed one by one. Each control is named with its row ("Tax row 2: Rate (%)") and carries its
 * row's message, the browser's or the server's (`taxRates.2.ratePercent`).
 */
export function TaxTableField({ form }: { form: SettingsFormApi }) {
  const { fields, append, remove } = useFieldArray({ control: form.control, name: 'taxRates' });
  const id = useId();
  const addRef = useRef<HTMLButtonElement>(null);
  const [said, setSaid] = useState('');
  const rowErrors = form.formState.errors.taxRates;
  const listError = rowErrors?.root?.message ?? rowErrors?.message;
  return (
    <fieldset className="grid min-w-0 grid-cols-1 gap-3" aria-describedby={`${id}-text`}>
      <legend className="mb-1 text-sm font-semibold text-slate-800">{s.taxRates}</legend>
      <p id={`${id}-text`} className="-mt-1 text-sm text-slate-600">
        {s.taxText} {s.taxRegionHint}
      </p>
      {fields.length > 0 ? (
        <ol className="grid grid-cols-1 gap-3" data-testid="tax-rows">
          {fields.map((field, index) => {
            const row = s.taxRow(index + 1);
            const errors = rowErrors?.[index];
            const key = `${id}-${field.id}`;
            return (
              <li key={field.id} data-testid="tax-row" className="rounded-xl bg-slate-50 p-3 ring-1 ring-slate-200 sm:p-4">
                <div className="flex items-center justify-between gap-3">
                  <p className="text-sm font-bold text-slate-900">{row}</p>
                  <RemoveButton
                    label={s.removeTaxRate(index + 1)}
                    onClick={() => {
                      remove(index);
                      setSaid(s.taxRowRemoved(index + 1));
                      addRef.current?.focus();
                    }}
                  />
                </div>
                <div className="mt-2 grid grid-cols-2 gap-3 sm:grid-cols-[minmax(0,1fr)_8rem_6rem_8rem]">
                  <RowField
                    id={`${key}-country`}
                    row={row}
                    label={s.taxCountry}
                    error={errors?.country?.message}
                    className="col-span-2 sm:col-span-1"
                  >
                    {(aria) => (
                      <select {...aria} className={selectClass(errors?.country)} {...form.register(`taxRates.${index}.country`)}>
                        <CountryOptions />
                      </select>
                    )}
                  </RowField>
                  <RowField id={`${key}-region`} row={row} label={s.taxRegion} error={errors?.region?.message}>
                    {(aria) => (
                      <input
                        {...aria}
                        autoComplete="off"
                        maxLength={3}
                        className={inputClass(errors?.region)}
                        {...form.register(`taxRates.${index}.region`)}
                      />
                    )}
                  </RowField>
                  <RowField id={`${key}-rate`} row={row} label={s.taxRate} error={errors?.ratePercent?.message}>
                    {(aria) => (
                      <input
                        {...aria}
                        inputMode="decimal"
                        autoComplete="off"
                        maxLength={7}
                        className={inputClass(errors?.ratePercent)}
                        {...form.register(`taxRates.${index}.ratePercent`)}
                      />
                    )}
                  </RowField>
                  <RowField
                    id={`${key}-name`}
                    row={row}
                    label={s.taxName}
                    error={errors?.name?.message}
                    className="col-span-2 sm:col-span-1"
                  >
                    {(aria) => (
                      <select {...aria} className={selectClass(errors?.name)} {...form.register(`taxRates.${index}.name`)}>
                        {TAX_NAMES.map((name) => (
                          <option key={name} value={name}>
                            {name}
                          </option>
                        ))}
                      </select>
                    )}
                  </RowField>
                </div>
              </li>
            );
          })}
        </ol>
      ) : (
        <EmptyRows>{s.taxRatesEmpty}</EmptyRows>
      )}
      <AddRow
        listError={listError}
        addRef={addRef}
        label={s.addTaxRate}
        disabled={fields.length >= MAX_TAX_RATES}
        onAdd={() => {
          append({ country: '', region: '', name: 'VAT', ratePercent: '' }, { shouldFocus: true });
          setSaid(s.taxRowAdded(fields.length + 1));
        }}
      />
      <p role="status" className="sr-only">
        {said}
      </p>
    </fieldset>
  );
}

/** Working days in transit by country: rows of a country and its days; a country not listed takes 3. */
export function TransitDaysField({ form }: { form: SettingsFormApi }) {
  const { fields, append, remove } = useFieldArray({ control: form.control, name: 'transitDays' });
  const id = useId();
  const addRef = useRef<HTMLButtonElement>(null);
  const rowErrors = form.formState.errors.transitDays;
  const listError = rowErrors?.root?.message ?? rowErrors?.message;
  return (
    <fieldset className="grid min-w-0 grid-cols-1 gap-3" aria-describedby={`${id}-text`}>
      <legend className="mb-1 text-sm font-semibold text-slate-800">{s.transitDays}</legend>
      <p id={`${id}-text`} className="-mt-1 text-sm text-slate-600">
        {s.transitDaysHint}
      </p>
      {fields.length > 0 ? (
        <ol className="grid grid-cols-1 gap-3" data-testid="transit-rows">
          {fields.map((field, index) => {
            const row = s.transitRow(index + 1);
            const errors = rowErrors?.[index];
            const key = `${id}-${field.id}`;
            return (
              <li key={field.id} data-testid="transit-row" className="grid grid-cols-[minmax(0,1fr)_6rem_auto] items-start gap-3">
                <RowField id={`${key}-country`} row={row} label={s.transitCountry} error={errors?.country?.message}>
                  {(aria) => (
                    <select {...aria} className={selectClass(errors?.country)} {...form.register(`transitDays.${index}.country`)}>
                      <CountryOptions />
                    </select>
                  )}
                </RowField>
                <RowField id={`${key}-days`} row={row} label={s.transitDaysValue} error={errors?.days?.message}>
                  {(aria) => (
                    <input
                      {...aria}
                      inputMode="numeric"
                      autoComplete="off"
                      maxLength={2}
                      className={inputClass(errors?.days)}
                      {...form.register(`transitDays.${index}.days`)}
                    />
                  )}
                </RowField>
                <div className="pt-8">
                  <RemoveButton
                    label={s.removeTransitDays(index + 1)}
                    onClick={() => {
                      remove(index);
                      addRef.current?.focus();
                    }}
                  />
                </div>
              </li>
            );
          })}
        </ol>
      ) : (
        <EmptyRows>{s.transitDaysEmpty}</EmptyRows>
      )}
      <AddRow
        listError={listError}
        addRef={addRef}
        label={s.addTransitDays}
        onAdd={() => append({ country: '', days: '3' }, { shouldFocus: true })}
      />
    </fieldset>
  );
}

interface DeliverToFieldProps {
  value: string[];
  onChange: (codes: string[]) => void;
  error?: string | undefined;
}

/**
 * The countries delivered to: a list with "Remove" on each, and a country picked from a list with
 * "Add". An empty list means everywhere, and the field says so.
 */
export function DeliverToField({ value, onChange, error }: DeliverToFieldProps) {
  const id = useId();
  const [picked, setPicked] = useState('');
  const [said, setSaid] = useState('');
  const pickRef = useRef<HTMLSelectElement>(null);
  const listRef = useRef<HTMLUListElement>(null);
  const chosen = new Set(value);
  // The same option elements while the list is unchanged: redrawing the form skips them.
  const options = useMemo(
    () =>
      COUNTRIES.filter(([code]) => !value.includes(code)).map(([code, name]) => (
        <option key={code} value={code}>
          {name}
        </option>
      )),
    [value],
  );

  const add = () => {
    if (!picked || chosen.has(picked)) return;
    onChange([...value, picked].sort());
    setSaid(s.countryAdded(countryName(picked)));
    setPicked('');
  };
  const remove = (code: string, index: number) => {
    onChange(value.filter((item) => item !== code));
    setSaid(s.countryRemoved(countryName(code)));
    const buttons = listRef.current?.querySelectorAll<HTMLButtonElement>('button') ?? [];
    (buttons[index + 1] ?? buttons[index - 1] ?? pickRef.current)?.focus();
  };

  return (
    <fieldset className="grid min-w-0 grid-cols-1 gap-3" aria-describedby={`${id}-text${error ? ` ${id}-error` : ''}`}>
      <legend className="mb-1 text-sm font-semibold text-slate-800">{s.deliverTo}</legend>
      <p id={`${id}-text`} className="-mt-1 text-sm text-slate-600">
        {s.deliverToHint}
      </p>
      {value.length > 0 ? (
        <ul ref={listRef} className="flex flex-wrap gap-2" data-testid="deliver-to">
          {value.map((code, index) => (
            <li key={code} className="flex items-center gap-1 rounded-full bg-slate-50 py-1 pr-1 pl-3 ring-1 ring-slate-200">
              <span className="text-sm font-semibold text-slate-900">{countryName(code)}</span>
              <button
                type="button"
                className="btn btn-ghost btn-xs text-slate-700 hover:text-red-700"
                aria-label={s.removeCountry(countryName(code))}
                onClick={() => remove(code, index)}
              >
                {s.remove}
              </button>
            </li>
          ))}
        </ul>
      ) : (
        <EmptyRows>{s.deliverToEverywhere}</EmptyRows>
      )}
      {error ? (
        <p id={`${id}-error`} className={fieldError}>
          {error}
        </p>
      ) : null}
      <div className="flex flex-wrap items-end gap-3">
        <div className="min-w-0 flex-1">
          <label htmlFor={`${id}-pick`} className={fieldLabel}>
            {s.deliverToCountry}
          </label>
          <select
            ref={pickRef}
            id={`${id}-pick`}
            value={picked}
            onChange={(event) => setPicked(event.target.value)}
            className={selectClass(false)}
          >
            <option value="">{s.chooseCountry}</option>
            {options}
          </select>
        </div>
        <button type="button" className="btn h-12 border-slate-300 bg-white text-slate-800 hover:bg-slate-100" onClick={add}>
          {s.addCountry}
        </button>
      </div>
      <p role="status" className="sr-only">
        {said}
      </p>
    </fieldset>
  );
}
