/**
 * A whole number as en-US writes it, its digits grouped in threes: 1234567 → "1,234,567". Quantities,
 * stock and counts in the UI go through here rather than `toLocaleString`, whose first call costs a
 * browser page 12–25 ms while ICU's data loads (docs/decisions/0013-server-rendering.md). A number
 * that is not whole (or too large to be written without an exponent) is written as JavaScript writes it.
 */
export function formatCount(n: number): string {
  if (!Number.isInteger(n) || Math.abs(n) >= 1e21) return String(n);
  const digits = String(Math.abs(n));
  let grouped = digits.slice(0, digits.length % 3 || 3);
  for (let at = grouped.length; at < digits.length; at += 3) grouped += `,${digits.slice(at, at + 3)}`;
  return n < 0 ? `-${grouped}` : grouped;
}
