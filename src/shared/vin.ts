import { vin as text } from './copy/vin';
import { maxVehicleYear } from './schemas/query-limits';
import { WMI_MAKES } from './vin-wmi';

/**
 * Reading a vehicle identification number offline (docs/shop-rules.md, "Finding parts"): its form, the
 * check digit of North American VINs (49 CFR 565), the model year from the 10th character and the make
 * from the maker's code (vin-wmi.ts). The browser checks a VIN with this as the server does.
 */

export type VinRefusal = 'required' | 'characters' | 'forbiddenLetters' | 'length' | 'checkDigit' | 'yearCode';

export interface DecodedVin {
  ok: true;
  /** The VIN as read: upper case, without spaces or hyphens. */
  vin: string;
  /** The maker's code: the first three characters. */
  wmi: string;
  /** The make the maker's code names; null for a maker the table does not know. */
  make: string | null;
  /** Every make to offer vehicles of: the make first, then the ones the same vehicles are sold as. */
  makes: string[];
  /** The model year; null when the VIN does not name one (outside North America the 10th character may be no year). */
  year: number | null;
}

export interface RefusedVin {
  ok: false;
  reason: VinRefusal;
  /** What the person reads under the field, and the API's `detail`. */
  message: string;
}

export const VIN_LENGTH = 17;

/** Trimmed, upper case, without the spaces and hyphens people type a VIN with. */
export function normaliseVin(input: string): string {
  return input
    .trim()
    .toUpperCase()
    .replace(/[\s\-\u2010-\u2015]/g, '');
}

/** 49 CFR 565.15: the letters' values for the check digit (I, O and Q are never used). */
// prettier-ignore
const LETTER_VALUES: Readonly<Record<string, number>> = {
  A: 1, B: 2, C: 3, D: 4, E: 5, F: 6, G: 7, H: 8,
  J: 1, K: 2, L: 3, M: 4, N: 5, P: 7, R: 9,
  S: 2, T: 3, U: 4, V: 5, W: 6, X: 7, Y: 8, Z: 9,
};
const WEIGHTS = [8, 7, 6, 5, 4, 3, 2, 10, 0, 9, 8, 7, 6, 5, 4, 3, 2] as const;

/** The check digit (position 9) a 17-character VIN of allowed characters should carry: '0'–'9' or 'X'. */
export function vinCheckDigit(vin: string): string {
  let sum = 0;
  for (let i = 0; i < VIN_LENGTH; i += 1) {
    const char = vin[i]!;
    const value = char >= '0' && char <= '9' ? Number(char) : (LETTER_VALUES[char] ?? 0);
    sum += value * WEIGHTS[i]!;
  }
  const remainder = sum % 11;
  return remainder === 10 ? 'X' : String(remainder);
}

/** North American VINs (made in the United States, Canada or Mexico) start with 1 to 5 and must carry a right check digit. */
export function isNorthAmericanVin(vin: string): boolean {
  return vin[0]! >= '1' && vin[0]! <= '5';
}

/** The 30 characters of a model year, 1980 (A) to 2009 (9); the cycle then starts again at 2010. */
const YEAR_CODES = 'ABCDEFGHJKLMNPRSTVWXY123456789';

/**
 * The model year of position 10. Its code repeats every 30 years: a North American VIN whose 7th
 * character is a letter is of 2010–2039, a digit of 1980–2009 (49 CFR 565.15). Elsewhere nothing tells
 * the cycles apart, so it is the latest year not after next year. A year past next year cannot be a
 * real vehicle's either way, so the earlier cycle is taken then too.
 */
function modelYear(vin: string, now: Date): number | null {
  const index = YEAR_CODES.indexOf(vin[9]!);
  if (index < 0) return null;
  const early = 1980 + index;
  const late = early + 30;
  const latest = maxVehicleYear(now);
  if (isNorthAmericanVin(vin)) {
    const letterAt7 = vin[6]! >= 'A' && vin[6]! <= 'Z';
    return letterAt7 && late <= latest ? late : early;
  }
  return late <= latest ? late : early;
}

/** The maker's makes by the first three characters, else the two a maker owns whole. */
function makesOf(wmi: string): string[] {
  const entry = WMI_MAKES[wmi] ?? WMI_MAKES[wmi.slice(0, 2)];
  if (entry === undefined) return [];
  return typeof entry === 'string' ? [entry] : [...entry];
}

function refuse(reason: VinRefusal, message: string): RefusedVin {
  return { ok: false, reason, message };
}

/** Reads a VIN as typed; `now` decides which model years can be (next year at most). */
export function decodeVin(input: string, now: Date = new Date()): DecodedVin | RefusedVin {
  const vin = normaliseVin(input);
  if (vin === '') return refuse('required', text.required);
  if (!/^[A-Z0-9]*$/.test(vin)) return refuse('characters', text.characters);
  if (/[IOQ]/.test(vin)) return refuse('forbiddenLetters', text.forbiddenLetters);
  if (vin.length !== VIN_LENGTH) return refuse('length', text.length(vin.length));
  const northAmerican = isNorthAmericanVin(vin);
  if (northAmerican && vin[8] !== vinCheckDigit(vin)) return refuse('checkDigit', text.checkDigit);
  const year = modelYear(vin, now);
  if (northAmerican && year === null) return refuse('yearCode', text.yearCode);
  const wmi = vin.slice(0, 3);
  const makes = makesOf(wmi);
  return { ok: true, vin, wmi, make: makes[0] ?? null, makes, year };
}
