/** Digits of a card number in groups of 4 as typed ("4242424242" → "4242 4242 42"), at most 19 digits. */
export function formatCardNumber(text: string): string {
  const digits = text.replace(/\D/g, '').slice(0, 19);
  return digits.replace(/(\d{4})(?=\d)/g, '$1 ');
}

/**
 * An expiry as typed: digits alone get their slash ("1" → "1", "122" → "12/2", "122030" → "12/2030");
 * text with its own separator ("12 / 30", "1/30", "12-2030") is left as written, since cutting it to
 * its first digits would change the date. `parseCardExpiry` reads either.
 */
export function formatExpiry(text: string): string {
  if (/\D/.test(text.trim())) return text;
  const digits = text.trim().slice(0, 6);
  return digits.length > 2 ? `${digits.slice(0, 2)}/${digits.slice(2)}` : digits;
}
