/** A card's expiry as the payment API takes it: month 1–12 and a four-digit year. */
export interface CardExpiry {
  expMonth: number;
  expYear: number;
}

/** Why an expiry could not be read: not a date at all, a month outside 1–12, or a year the API refuses. */
export type CardExpiryProblem = 'incomplete' | 'month' | 'year';

export type CardExpiryResult = { ok: true; expiry: CardExpiry } | { ok: false; problem: CardExpiryProblem };

/** The years the payment API accepts (its schema's range). */
export const MIN_EXPIRY_YEAR = 2000;
export const MAX_EXPIRY_YEAR = 2199;

// Month, one separator (slash, dash, dot or space, with spaces around it), and a year of 2 or 4 digits.
const SEPARATED = /^(\d{1,2})\s*[/\-. ]\s*(\d{2}|\d{4})$/;
// Digits only: MMYY or MMYYYY.
const RUN_TOGETHER = /^(\d{2})(\d{2}|\d{4})$/;

/**
 * Reads a card's expiry the ways people, card forms and password managers write it: "12/30",
 * "12 / 30", "1230", "12-30", "12/2030", "1/30" all mean December (or January) 2030. A two-digit
 * year is in the 2000s.
 */
export function parseCardExpiry(text: string): CardExpiryResult {
  const trimmed = text.trim();
  const match = SEPARATED.exec(trimmed) ?? RUN_TOGETHER.exec(trimmed);
  if (!match) return { ok: false, problem: 'incomplete' };
  const expMonth = Number(match[1]);
  const year = match[2]!;
  const expYear = year.length === 2 ? 2000 + Number(year) : Number(year);
  if (expMonth < 1 || expMonth > 12) return { ok: false, problem: 'month' };
  if (expYear < MIN_EXPIRY_YEAR || expYear > MAX_EXPIRY_YEAR) return { ok: false, problem: 'year' };
  return { ok: true, expiry: { expMonth, expYear } };
}
