import { describe, expect, it } from 'vitest';
import { formatDate, formatShortDay, formatTime } from './format-date';

describe('formatDate', () => {
  it('writes a moment as its day in UTC, the month in full', () => {
    expect(formatDate('2025-03-04T10:00:00Z')).toBe('March 4, 2025');
    expect(formatDate('2025-12-31T23:59:59.999Z')).toBe('December 31, 2025');
    expect(formatDate('2026-01-01T00:30:00+01:00')).toBe('December 31, 2025');
  });

  it('says the same as en-US Intl in UTC, on every day of the years a shop sees', () => {
    const intl = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' });
    for (let ms = Date.UTC(1999, 0, 1); ms < Date.UTC(2041, 0, 1); ms += 86_400_000 + 3_600_000 * 7) {
      const iso = new Date(ms).toISOString();
      expect(formatDate(iso), iso).toBe(intl.format(new Date(ms)));
    }
  });

  it('shows an unreadable date as it came', () => {
    expect(formatDate('not a date')).toBe('not a date');
  });
});

describe('formatShortDay', () => {
  it('says the same as en-US Intl with a short month, for every day of a leap year', () => {
    const intl = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });
    for (let ms = Date.UTC(2028, 0, 1); ms < Date.UTC(2029, 0, 1); ms += 86_400_000) {
      const day = new Date(ms).toISOString().slice(0, 10);
      expect(formatShortDay(day), day).toBe(intl.format(new Date(ms)));
    }
  });

  it('shows an unreadable day as it came', () => {
    expect(formatShortDay('2026-13-45')).toBe('2026-13-45');
  });
});

describe('formatTime', () => {
  it('says the same as en-US Intl in UTC, at every minute of a day', () => {
    const intl = new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit', timeZone: 'UTC' });
    for (let ms = Date.UTC(2026, 2, 4); ms < Date.UTC(2026, 2, 5); ms += 60_000) {
      const iso = new Date(ms).toISOString();
      // Intl separates the time from AM/PM with a narrow no-break space.
      expect(formatTime(iso), iso).toBe(intl.format(new Date(ms)).replace(/\s/g, ' '));
    }
  });

  it('shows an unreadable time as it came', () => {
    expect(formatTime('soon')).toBe('soon');
  });
});
