import { formatCount } from './numbers';

/** Signs written before an amount; any other currency is written as its ISO 4217 code and a space. */
const CURRENCY_SIGNS: Readonly<Record<string, string>> = { USD: '$', EUR: '€', GBP: '£', CAD: 'CA$', AUD: 'A$' };

/**
 * The one place where cents become text: 123450 → "$1,234.50", (123450, 'EUR') → "€1,234.50",
 * (123450, 'CHF') → "CHF 1,234.50", -5 → "-$0.05". The number is always laid out as en-US writes it,
 * whatever the currency. Written out rather than through Intl.NumberFormat: a browser's first Intl
 * formatter costs its page 12–25 ms of main thread while ICU's data loads
 * (docs/decisions/0013-server-rendering.md).
 */
export function formatMoney(cents: number, currency = 'USD'): string {
  const whole = Math.round(cents);
  const size = Math.abs(whole);
  const sign = CURRENCY_SIGNS[currency] ?? `${currency} `;
  return `${whole < 0 ? '-' : ''}${sign}${formatCount(Math.trunc(size / 100))}.${String(size % 100).padStart(2, '0')}`;
}

/** A price as typed in a form: non-negative, no leading zeros, at most two decimals ("12", "0.5", "12.50"). */
export const PRICE_PATTERN = /^(0|[1-9]\d*)(\.\d{1,2})?$/;

/** "12.50" → 1250; undefined when the text is not a valid price. Integer arithmetic, no float rounding. */
export function parsePriceToCents(text: string): number | undefined {
  const trimmed = text.trim();
  if (!PRICE_PATTERN.test(trimmed)) return undefined;
  const [whole = '0', fraction = ''] = trimmed.split('.');
  const cents = Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
  return Number.isSafeInteger(cents) ? cents : undefined;
}

/** 1250 → "12.50", for prefilling a price field. */
export function centsToPriceText(cents: number): string {
  const whole = Math.trunc(cents / 100);
  const fraction = String(cents % 100).padStart(2, '0');
  return `${whole}.${fraction}`;
}
