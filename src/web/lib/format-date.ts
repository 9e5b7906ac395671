// Dates are written out rather than through Intl.DateTimeFormat, whose first use costs a browser page
// 12–25 ms while ICU's data loads (docs/decisions/0013-server-rendering.md); in UTC, the shop's time,
// so that the page rendered on the server and in the browser say the same day.
const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

/** "2025-03-04T10:00:00Z" → "March 4, 2025"; an unreadable date is shown as it came. */
export function formatDate(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return `${MONTHS[date.getUTCMonth()]} ${date.getUTCDate()}, ${date.getUTCFullYear()}`;
}

/** "2025-03-04T14:05:00Z" → "2:05 PM", the time of day in UTC as en-US writes it; an unreadable time is shown as it came. */
export function formatTime(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const hours = date.getUTCHours();
  const minutes = String(date.getUTCMinutes()).padStart(2, '0');
  return `${hours % 12 || 12}:${minutes} ${hours < 12 ? 'AM' : 'PM'}`;
}

/** "2026-06-29" → "Jun 29", a day's short label (a chart's axis). */
export function formatShortDay(day: string): string {
  const date = new Date(`${day}T00:00:00.000Z`);
  if (Number.isNaN(date.getTime())) return day;
  return `${MONTHS[date.getUTCMonth()]!.slice(0, 3)} ${date.getUTCDate()}`;
}
