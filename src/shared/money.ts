const dollars = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/** The one place where cents become text: 123450 → "$1,234.50". */
export function formatMoney(cents: number): string {
  return dollars.format(cents / 100);
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
