import { z } from 'zod';
import * as copy from '../copy';

const a = copy.address;

/** Whether `code` is an ISO 3166-1 alpha-2 country code the shop knows. */
export function isCountryCode(code: string): boolean {
  return Object.hasOwn(a.countryNames, code);
}

/** The country's English name, or the code itself for one the shop does not know. */
export function countryName(code: string): string {
  return isCountryCode(code) ? a.countryNames[code]! : code;
}

/** Country codes are written in capitals; a form or a client may send them in either case. */
export const countryCodeSchema = z
  .string({ error: a.countryUnknown })
  .trim()
  .transform((code) => code.toUpperCase())
  .refine(isCountryCode, a.countryUnknown);

const US_ZIP = /^\d{5}(-\d{4})?$/;

/**
 * Trimmed text that must not be empty. Unlike `requiredText` an empty field does not abort the
 * address, so the rules across fields (a US state, a ZIP code) are still checked and every message shown.
 */
const filledText = (message: string, max: number) =>
  z.string({ error: message }).trim().min(1, message).max(max, copy.validation.tooLong(max));

/**
 * Whether the address is an object and none of its issues is about one of `fields`: a rule across
 * fields runs once they are readable (never on `null`, whose one issue names no field).
 */
const fieldsValid = (
  payload: { value: unknown; issues: readonly { path?: readonly PropertyKey[] | undefined }[] },
  fields: readonly string[],
) =>
  typeof payload.value === 'object' &&
  payload.value !== null &&
  payload.issues.every((issue) => !fields.includes(String(issue.path?.[0])));
const POSTAL_CODE = /^[A-Za-z0-9][A-Za-z0-9 -]*$/;

/**
 * A postal address: `{line1, line2?, city, region?, postalCode, country}`, country an ISO 3166-1
 * alpha-2 code and region the US state or another subdivision's code. A US address names its state
 * and a ZIP code.
 */
export const addressSchema = z
  .strictObject({
    line1: filledText(a.line1Required, 120),
    line2: z
      .string()
      .trim()
      .max(120)
      .optional()
      .transform((text) => (text ? text : undefined)),
    city: filledText(a.cityRequired, 80),
    region: z
      .string({ error: a.regionInvalid })
      .trim()
      .max(3, a.regionInvalid)
      .optional()
      .transform((text) => (text ? text.toUpperCase() : undefined))
      .refine((text) => text === undefined || /^[A-Z0-9]{1,3}$/.test(text), a.regionInvalid),
    postalCode: filledText(a.postalCodeRequired, 12).refine((text) => text === '' || POSTAL_CODE.test(text), a.postalCodeInvalid),
    country: countryCodeSchema,
  })
  // Checked beside the other fields' messages (not only once they pass), so a form shows every problem at once.
  .refine(
    (address) => address.country !== 'US' || (address.region !== undefined && Object.hasOwn(a.usStateNames, address.region)),
    {
      path: ['region'],
      message: a.usStateRequired,
      when: (payload) => fieldsValid(payload, ['country', 'region']),
    },
  )
  .refine((address) => address.country !== 'US' || US_ZIP.test(address.postalCode), {
    path: ['postalCode'],
    message: a.usZipInvalid,
    when: (payload) => fieldsValid(payload, ['country', 'postalCode']),
  });

/** An address as an answer carries it (what was stored, not checked again). */
export const addressAnswerSchema = z.object({
  line1: z.string(),
  line2: z.string().optional(),
  city: z.string(),
  region: z.string().optional(),
  postalCode: z.string(),
  country: z.string(),
});

/** An address as stored and answered; `addressSchema` reads one from a request. */
export interface Address {
  line1: string;
  line2?: string | undefined;
  city: string;
  region?: string | undefined;
  postalCode: string;
  country: string;
}

/** The lines an address prints as, for a label, an invoice or a mail: street, city line, country. */
export function addressLines(address: Address): string[] {
  const cityLine =
    address.country === 'US'
      ? `${address.city}, ${address.region ?? ''} ${address.postalCode}`.replace(/\s+/g, ' ').trim()
      : [address.postalCode, address.city, address.region].filter(Boolean).join(' ');
  return [address.line1, address.line2, cityLine, countryName(address.country)].filter(
    (line): line is string => line !== undefined && line !== '',
  );
}
