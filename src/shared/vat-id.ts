import { vatId as text } from './copy/vat-id';

/**
 * EU VAT IDs (docs/shop-rules.md, "Tax, delivery and totals"): a buyer company in another member state
 * with a well-formed VAT ID pays no VAT (reverse charge). This checks the form and, where a country
 * publishes one, the check characters; whether the ID is registered is the online registry's answer
 * (`VatIdRegistry`), which this module does not ask.
 */

// prettier-ignore
export const EU_COUNTRIES = [
  'AT', 'BE', 'BG', 'CY', 'CZ', 'DE', 'DK', 'EE', 'ES', 'FI', 'FR', 'GR', 'HR', 'HU',
  'IE', 'IT', 'LT', 'LU', 'LV', 'MT', 'NL', 'PL', 'PT', 'RO', 'SE', 'SI', 'SK',
] as const;

/** An EU member state by its ISO 3166-1 code, as addresses carry it (Greece: GR). */
export type EuCountry = (typeof EU_COUNTRIES)[number];

/** The one seam for asking the EU's registry (VIES) whether an ID is registered, and to whom. */
export interface VatIdRegistry {
  lookup(country: EuCountry, vatId: string): Promise<{ valid: boolean; name?: string }>;
}

export function isEuCountry(code: string): code is EuCountry {
  return (EU_COUNTRIES as readonly string[]).includes(code);
}

/** The compact form a VAT ID is stored and compared in: upper case, without spaces, dots or dashes. */
export function normaliseVatId(vatId: string): string {
  return vatId.toUpperCase().replace(/[\s.\-\u2010-\u2015]/g, '');
}

/** A country's VAT IDs: the prefix, the form of what follows it, and the check characters if any. */
interface VatIdRule {
  prefix: string;
  body: RegExp;
  check?: (body: string) => boolean;
}

const digitsOf = (digits: string): number[] => [...digits].map(Number);

const weightedSum = (digits: string, weights: readonly number[]): number =>
  digitsOf(digits).reduce((sum, digit, i) => sum + digit * (weights[i] ?? 0), 0);

/** Luhn's check (Italy, Sweden, France's SIREN): the whole number including its check digit. */
function luhnValid(digits: string): boolean {
  const sum = digitsOf(digits)
    .reverse()
    .reduce((total, digit, i) => total + (i % 2 === 1 ? ((digit * 2) % 10) + Math.floor(digit / 5) : digit), 0);
  return sum % 10 === 0;
}

/** ISO 7064 MOD 11,10 (Germany, Croatia): the last digit checks the ones before it. */
function mod11Of10Valid(digits: string): boolean {
  let product = 10;
  for (const digit of digitsOf(digits.slice(0, -1))) {
    const sum = (digit + product) % 10 || 10;
    product = (sum * 2) % 11;
  }
  return (11 - product) % 10 === Number(digits.slice(-1));
}

/** The last digit is `11 − (weighted sum mod 11)`, 10 and 11 written as `whenTen` and `whenEleven`. */
function elevenMinusCheck(weights: readonly number[], whenTen: number | null, whenEleven: number) {
  return (digits: string): boolean => {
    const check = 11 - (weightedSum(digits, weights) % 11);
    const expected = check === 10 ? whenTen : check === 11 ? whenEleven : check;
    return expected === Number(digits.slice(-1));
  };
}

/** The last digit is `(10 − weighted sum mod 10) mod 10` (Estonia, Hungary). */
const tenMinusCheck =
  (weights: readonly number[]) =>
  (digits: string): boolean =>
    (10 - (weightedSum(digits, weights) % 10)) % 10 === Number(digits.slice(-1));

function austriaValid(body: string): boolean {
  const sum = digitsOf(body.slice(1, 8)).reduce((total, digit, i) => {
    const product = digit * (i % 2 === 0 ? 1 : 2);
    return total + Math.floor(product / 10) + (product % 10);
  }, 0);
  return (10 - ((sum + 4) % 10)) % 10 === Number(body.slice(-1));
}

const belgiumValid = (body: string): boolean => 97 - (Number(body.slice(0, 8)) % 97) === Number(body.slice(8));

/** Companies have 8 digits; people 9 or 10 (a birth number, whose 10-digit form is checked). */
function czechValid(body: string): boolean {
  const weights = [8, 7, 6, 5, 4, 3, 2];
  const last = Number(body.slice(-1));
  if (body.length === 8) return body[0] !== '9' && ((11 - (weightedSum(body, weights) % 11)) % 11 || 1) % 10 === last;
  if (body.length === 9 && body[0] === '6') {
    return (18 - ((10 - (weightedSum(body.slice(1), weights) % 11)) % 11)) % 10 === last;
  }
  return body.length === 9 || (Number(body.slice(0, 9)) % 11) % 10 === last;
}

const denmarkValid = (body: string): boolean => weightedSum(body, [2, 7, 6, 5, 4, 3, 2, 1]) % 11 === 0;

const greeceValid = (body: string): boolean =>
  (weightedSum(body, [256, 128, 64, 32, 16, 8, 4, 2]) % 11) % 10 === Number(body.slice(-1));

const DNI_LETTERS = 'TRWAGMYFPDXBNJZSQVHLCKE';

/** A person's NIF (8 digits and a letter; X, Y, Z or K, L, M in front for others) or a company's CIF. */
function spainValid(body: string): boolean {
  const first = body[0] ?? '';
  const last = body.slice(-1);
  if (/^\d{8}[A-Z]$/.test(body)) return DNI_LETTERS[Number(body.slice(0, 8)) % 23] === last;
  if (/^[XYZ]\d{7}[A-Z]$/.test(body)) return DNI_LETTERS[Number('XYZ'.indexOf(first) + body.slice(1, 8)) % 23] === last;
  if (/^[KLM]\d{7}[A-Z]$/.test(body)) return DNI_LETTERS[Number(body.slice(1, 8)) % 23] === last;
  if (!/^[ABCDEFGHJNPQRSUVW]\d{7}[0-9A-J]$/.test(body)) return false;
  const sum = digitsOf(body.slice(1, 8)).reduce(
    (total, digit, i) => total + (i % 2 === 0 ? Math.floor((digit * 2) / 10) + ((digit * 2) % 10) : digit),
    0,
  );
  const check = (10 - (sum % 10)) % 10;
  return last === String(check) || last === 'JABCDEFGHI'[check];
}

function finlandValid(body: string): boolean {
  const remainder = weightedSum(body, [7, 9, 10, 5, 8, 4, 2]) % 11;
  return remainder !== 1 && (remainder === 0 ? 0 : 11 - remainder) === Number(body.slice(-1));
}

const FRENCH_KEY_ALPHABET = '0123456789ABCDEFGHJKLMNPQRSTUVWXYZ';

/** A 2-character key then the SIREN (itself Luhn-checked, except Monaco's, which begin with 000). */
function franceValid(body: string): boolean {
  const siren = body.slice(2);
  if (!siren.startsWith('000') && !luhnValid(siren)) return false;
  const [first = '', second = ''] = body;
  if (/^\d\d$/.test(first + second)) return Number(first + second) === (Number(siren) * 100 + 12) % 97;
  const key = /\d/.test(first)
    ? FRENCH_KEY_ALPHABET.indexOf(first) * 24 + FRENCH_KEY_ALPHABET.indexOf(second) - 10
    : FRENCH_KEY_ALPHABET.indexOf(first) * 34 + FRENCH_KEY_ALPHABET.indexOf(second) - 100;
  return (Number(siren) + 1 + Math.floor(key / 11)) % 11 === key % 11;
}

/** 7 digits, a check letter and, on newer IDs, a second letter; older IDs carry a letter second. */
function irelandValid(body: string): boolean {
  const modern = /^\d[A-Z+*]/.test(body) ? `0${body.slice(2, 7)}${body[0]}${body[7]}` : body;
  const extra = modern[8] === undefined || modern[8] === 'W' ? 0 : (modern.charCodeAt(8) - 64) * 9;
  const remainder = (weightedSum(modern.slice(0, 7), [8, 7, 6, 5, 4, 3, 2]) + extra) % 23;
  return 'WABCDEFGHIJKLMNOPQRSTUV'[remainder] === modern[7];
}

const luxembourgValid = (body: string): boolean => Number(body.slice(0, 6)) % 89 === Number(body.slice(6));

const maltaValid = (body: string): boolean => (weightedSum(body, [3, 4, 6, 7, 8, 9]) + Number(body.slice(6))) % 37 === 0;

/** Companies keep the eleven-test on their 9 digits; sole traders' newer IDs pass ISO 7064 MOD 97-10 instead. */
function netherlandsValid(body: string): boolean {
  const digits = body.slice(0, 9);
  const elevenTest = (weightedSum(digits, [9, 8, 7, 6, 5, 4, 3, 2]) - Number(digits[8])) % 11 === 0;
  // N = 23, L = 21 and B = 11 when the whole ID is read as one number.
  return elevenTest || BigInt(`2321${digits}11${body.slice(-2)}`) % 97n === 1n;
}

const polandValid = (body: string): boolean => weightedSum(body, [6, 5, 7, 2, 3, 4, 5, 6, 7]) % 11 === Number(body.slice(-1));

function romaniaValid(body: string): boolean {
  const digits = body.padStart(10, '0');
  return ((weightedSum(digits, [7, 5, 3, 2, 1, 7, 5, 3, 2]) * 10) % 11) % 10 === Number(digits.slice(-1));
}

const slovakiaValid = (body: string): boolean => BigInt(body) % 11n === 0n;

const RULES: Record<EuCountry, VatIdRule> = {
  AT: { prefix: 'AT', body: /^U\d{8}$/, check: austriaValid },
  BE: { prefix: 'BE', body: /^[01]\d{9}$/, check: belgiumValid },
  BG: { prefix: 'BG', body: /^\d{9,10}$/ },
  CY: { prefix: 'CY', body: /^\d{8}[A-Z]$/ },
  CZ: { prefix: 'CZ', body: /^\d{8,10}$/, check: czechValid },
  DE: { prefix: 'DE', body: /^[1-9]\d{8}$/, check: mod11Of10Valid },
  DK: { prefix: 'DK', body: /^[1-9]\d{7}$/, check: denmarkValid },
  EE: { prefix: 'EE', body: /^10\d{7}$/, check: tenMinusCheck([3, 7, 1, 3, 7, 1, 3, 7]) },
  ES: { prefix: 'ES', body: /^([A-Z]\d{7}[A-Z0-9]|\d{8}[A-Z])$/, check: spainValid },
  FI: { prefix: 'FI', body: /^\d{8}$/, check: finlandValid },
  FR: { prefix: 'FR', body: /^[0-9A-HJ-NP-Z]{2}\d{9}$/, check: franceValid },
  GR: { prefix: 'EL', body: /^\d{9}$/, check: greeceValid },
  HR: { prefix: 'HR', body: /^\d{11}$/, check: mod11Of10Valid },
  HU: { prefix: 'HU', body: /^\d{8}$/, check: tenMinusCheck([9, 7, 3, 1, 9, 7, 3]) },
  IE: { prefix: 'IE', body: /^(\d{7}[A-W][A-IW]?|\d[A-Z+*]\d{5}[A-W])$/, check: irelandValid },
  IT: { prefix: 'IT', body: /^\d{11}$/, check: luhnValid },
  LT: { prefix: 'LT', body: /^(\d{9}|\d{12})$/ },
  LU: { prefix: 'LU', body: /^\d{8}$/, check: luxembourgValid },
  LV: { prefix: 'LV', body: /^\d{11}$/ },
  MT: { prefix: 'MT', body: /^[1-9]\d{7}$/, check: maltaValid },
  NL: { prefix: 'NL', body: /^\d{9}B\d{2}$/, check: netherlandsValid },
  PL: { prefix: 'PL', body: /^\d{10}$/, check: polandValid },
  PT: { prefix: 'PT', body: /^[1-9]\d{8}$/, check: elevenMinusCheck([9, 8, 7, 6, 5, 4, 3, 2], 0, 0) },
  RO: { prefix: 'RO', body: /^[1-9]\d{1,9}$/, check: romaniaValid },
  SE: { prefix: 'SE', body: /^\d{10}01$/, check: (body) => luhnValid(body.slice(0, 10)) },
  SI: { prefix: 'SI', body: /^[1-9]\d{7}$/, check: elevenMinusCheck([8, 7, 6, 5, 4, 3, 2], 0, -1) },
  SK: { prefix: 'SK', body: /^[1-9]\d[2-47-9]\d{7}$/, check: slovakiaValid },
};

/** The prefix a country's VAT IDs begin with: the country's code, except Greece's EL. */
export function vatIdPrefix(country: EuCountry): string {
  return RULES[country].prefix;
}

/**
 * What is wrong with `vatId` as the VAT ID of a company in `country` (an ISO code), in a sentence
 * naming the form the country expects; null when it is well-formed and its check characters match.
 */
export function vatIdProblem(country: string, vatId: string): string | null {
  if (!isEuCountry(country)) return text.notEu(country);
  const compact = normaliseVatId(vatId);
  if (compact === '') return text.required;
  const rule = RULES[country];
  const body = compact.slice(rule.prefix.length);
  if (!compact.startsWith(rule.prefix) || !rule.body.test(body)) {
    return text.wrongForm(text.countryNames[country], text.forms[country], text.examples[country]);
  }
  if (rule.check && !rule.check(body)) return text.wrongCheck(text.countryNames[country], text.examples[country]);
  return null;
}

/** The member state a VAT ID belongs to, by its prefix (EL is Greece, GR); undefined for no EU prefix. */
export function vatIdCountry(vatId: string): EuCountry | undefined {
  const prefix = normaliseVatId(vatId).slice(0, 2);
  const country = prefix === 'EL' ? 'GR' : prefix;
  return isEuCountry(country) ? country : undefined;
}
