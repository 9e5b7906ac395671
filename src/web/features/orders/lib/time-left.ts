import * as copy from '#shared/copy';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** "1 day 23 h left to pay" for an unpaid order's `payBy`, against `now` (ms); "Time to pay is up" after it. */
export function timeLeftToPay(payBy: string, now: number): string {
  const left = Date.parse(payBy) - now;
  if (!(left > 0)) return copy.orders.timeUp;
  const days = Math.floor(left / DAY);
  const hours = Math.floor((left % DAY) / HOUR);
  const minutes = Math.floor((left % HOUR) / MINUTE);
  return copy.orders.timeLeft(days, hours, minutes);
}
