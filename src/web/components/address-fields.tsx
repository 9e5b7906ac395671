import type { ChangeEvent } from 'react';
import type { FieldError, UseFormRegisterReturn } from 'react-hook-form';
import type { z } from 'zod';
import * as copy from '#shared/copy';
import { deliversTo } from '#shared/order-totals';
import { addressSchema, countryName } from '#shared/schemas/address';
import { InputField, SelectField } from './form-field';

const a = copy.address;

/** The fields of an address, in the order the form shows them. */
export const ADDRESS_FIELDS = ['line1', 'line2', 'city', 'region', 'postalCode', 'country'] as const;
export type AddressField = (typeof ADDRESS_FIELDS)[number];

/** An address as a form holds it: every field a string, '' for one left empty. */
export type AddressFormValues = Record<AddressField, string>;

/** An address, to prefill a form with; the seller's country when there is none yet. */
export function addressFormValues(
  address: { line1: string; line2?: string; city: string; region?: string; postalCode: string; country: string } | null,
  country: string,
): AddressFormValues {
  if (!address) return { line1: '', line2: '', city: '', region: '', postalCode: '', country };
  return { ...address, line2: address.line2 ?? '', region: address.region ?? '' };
}

/**
 * The address rules the server checks at checkout, checked in the browser first: the address's own
 * (a US address names its state and a ZIP code), and a country the shop delivers to.
 */
export function deliveryAddressSchema(deliverTo: readonly string[]) {
  return addressSchema.superRefine((address, ctx) => {
    if (!deliversTo(deliverTo, address.country)) {
      ctx.addIssue({ code: 'custom', path: ['country'], message: a.notDeliveredTo(countryName(address.country)) });
    }
  });
}
export type DeliveryAddressOutput = z.output<ReturnType<typeof deliveryAddressSchema>>;

/** The API's names of the address's fields in an order body: `deliveryAddress.city`, … */
export const DELIVERY_ADDRESS_PATHS = ADDRESS_FIELDS.map((field) => `deliveryAddress.${field}` as const);

/**
 * Each field's message from a form's errors under `deliveryAddress`; a message about the whole
 * address (none was given) goes under its first field.
 */
export function addressErrorsOf(
  errors: (Partial<Record<AddressField, FieldError>> & { message?: string }) | undefined,
): Partial<Record<AddressField, string>> {
  const messages: Partial<Record<AddressField, string>> = {};
  for (const field of ADDRESS_FIELDS) {
    const message = errors?.[field]?.message;
    if (message) messages[field] = message;
  }
  if (errors?.message && !messages.line1) messages.line1 = errors.message;
  return messages;
}

/** The countries offered, by name: those delivered to (all when none is listed), and the one chosen if it is not among them. */
function countryOptions(deliverTo: readonly string[], chosen: string): [string, string][] {
  const codes = deliverTo.length > 0 ? [...deliverTo] : Object.keys(a.countryNames);
  if (chosen && !codes.includes(chosen)) codes.push(chosen);
  return codes.map((code): [string, string] => [code, countryName(code)]).sort(([, x], [, y]) => x.localeCompare(y));
}

const usStates = Object.entries(a.usStateNames).sort(([, x], [, y]) => x.localeCompare(y));

interface AddressFieldsProps {
  /** The form's registration of each field (`form.register(\`deliveryAddress.${field}\`)`). */
  register: (field: AddressField) => UseFormRegisterReturn;
  /** The country chosen now: a US address has a state select, another a region code. */
  country: string;
  /** The countries the shop delivers to; empty, everywhere. */
  deliverTo: readonly string[];
  errors: Partial<Record<AddressField, string>>;
  /** The country changed: the region chosen for the last one no longer applies. */
  onCountryChange?: (country: string) => void;
  /** The fieldset's legend; "Delivery address" unless told (a company's billing address). */
  legend?: string;
}

/**
 * A delivery address as fields: street, second line, city, state (US) or region, postal code and
 * country, each labelled, with its message under it.
 */
export function AddressFields({
  register,
  country,
  deliverTo,
  errors,
  onCountryChange,
  legend = a.deliveryAddress,
}: AddressFieldsProps) {
  const us = country === 'US';
  const countryField = register('country');
  return (
    <fieldset className="grid min-w-0 gap-4">
      <legend className="mb-1 text-base font-bold text-slate-900">{legend}</legend>
      <InputField label={a.line1Label} autoComplete="address-line1" error={errors.line1} {...register('line1')} />
      <InputField label={a.line2Label} autoComplete="address-line2" error={errors.line2} {...register('line2')} />
      <InputField label={a.cityLabel} autoComplete="address-level2" error={errors.city} {...register('city')} />
      <div className="grid gap-4 sm:grid-cols-2">
        {us ? (
          <SelectField
            key="state"
            label={a.stateLabel}
            autoComplete="address-level1"
            error={errors.region}
            className="min-w-0"
            {...register('region')}
          >
            <option value="">{a.chooseState}</option>
            {usStates.map(([code, name]) => (
              <option key={code} value={code}>
                {name}
              </option>
            ))}
          </SelectField>
        ) : (
          <InputField
            key="region"
            label={a.regionLabel}
            autoComplete="address-level1"
            maxLength={3}
            error={errors.region}
            className="min-w-0"
            {...register('region')}
          />
        )}
        <InputField
          label={us ? a.zipLabel : a.postalCodeLabel}
          autoComplete="postal-code"
          inputMode={us ? 'numeric' : undefined}
          error={errors.postalCode}
          className="min-w-0"
          {...register('postalCode')}
        />
      </div>
      <SelectField
        label={a.countryLabel}
        autoComplete="country"
        error={errors.country}
        {...countryField}
        onChange={(event: ChangeEvent<HTMLSelectElement>) => {
          const changed = event.target.value !== country;
          void countryField.onChange(event);
          if (changed) onCountryChange?.(event.target.value);
        }}
      >
        {countryOptions(deliverTo, country).map(([code, name]) => (
          <option key={code} value={code}>
            {name}
          </option>
        ))}
      </SelectField>
    </fieldset>
  );
}
