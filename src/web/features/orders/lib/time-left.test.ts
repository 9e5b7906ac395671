import { describe, expect, it } from 'vitest';
import { timeLeftToPay } from './time-left';

const booked = Date.parse('2026-03-01T10:00:00.000Z');
const payBy = '2026-03-03T10:00:00.000Z';
const minutes = (n: number) => n * 60_000;

describe('timeLeftToPay', () => {
  it('counts days and hours while more than a day is left', () => {
    expect(timeLeftToPay(payBy, booked + minutes(1))).toBe('1 day 23 h left to pay');
    expect(timeLeftToPay(payBy, booked - minutes(60 * 24))).toBe('3 days 0 h left to pay');
  });

  it('counts hours and minutes on the last day, then minutes', () => {
    expect(timeLeftToPay(payBy, booked + minutes(60 * 24 + 90))).toBe('22 h 30 min left to pay');
    expect(timeLeftToPay(payBy, booked + minutes(60 * 48 - 5))).toBe('5 min left to pay');
    expect(timeLeftToPay(payBy, booked + minutes(60 * 48) - 10_000)).toBe('1 min left to pay');
  });

  it('says the time is up once payBy has passed', () => {
    expect(timeLeftToPay(payBy, booked + minutes(60 * 48))).toBe('Time to pay is up');
    expect(timeLeftToPay('not a date', booked)).toBe('Time to pay is up');
  });
});
