// In UTC, the shop's time, so that the page rendered on the server and in the browser say the same day.
const longDate = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' });

/** "2025-03-04T10:00:00Z" → "March 4, 2025"; an unreadable date is shown as it came. */
export function formatDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : longDate.format(date);
}
