import { z } from 'zod';
import * as copy from '../copy';
import { requiredText } from './common';

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
const POSTAL_CODE = /^[A-Za-z0-9][A-Za-z0-9 -]*$/;

/**
 * A postal address: `{line1, line2?, city, region?, postalCode, country}`, country an ISO 3166-1
 * alpha-2 code and region the US state or another subdivision's code. A US address names its state
 * and a ZIP code.
 */
export const addressSchema = z
  .strictObject({
    line1: requiredText(a.line1Required, 120),
    line2: z
      .string()
      .trim()
      .max(120)
      .optional()
      .transform((text) => (text ? text : undefined)),
    city: requiredText(a.cityRequired, 80),
    region: z
      .string({ error: a.regionInvalid })
      .trim()
      .max(3, a.regionInvalid)
      .optional()
      .transform((text) => (text ? text.toUpperCase() : undefined))
      .refine((text) => text === undefined || /^[A-Z0-9]{1,3}$/.test(text), a.regionInvalid),
    postalCode: requiredText(a.postalCodeRequired, 12).refine((text) => POSTAL_CODE.test(text), a.postalCodeInvalid),
    country: countryCodeSchema,
  })
  .superRefine((address, ctx) => {
    if (address.country !== 'US') return;
    if (!address.region || !Object.hasOwn(a.usStateNames, address.region)) {
      ctx.addIssue({ code: 'custom', path: ['region'], message: a.usStateRequired });
    }
    if (!US_ZIP.test(address.postalCode)) ctx.addIssue({ code: 'custom', path: ['postalCode'], message: a.usZipInvalid });
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
