/** Digits of a card number in groups of 4 as typed ("4242424242" → "4242 4242 42"), at most 19 digits. */
export function formatCardNumber(text: string): string {
  const digits = text.replace(/\D/g, '').slice(0, 19);
  return digits.replace(/(\d{4})(?=\d)/g, '$1 ');
}

/** An expiry as typed: "1" → "1", "122" → "12/2", "12/27" stays; at most MM/YY. */
export function formatExpiry(text: string): string {
  const digits = text.replace(/\D/g, '').slice(0, 4);
  return digits.length > 2 ? `${digits.slice(0, 2)}/${digits.slice(2)}` : digits;
}
