import { useEffect, useState } from 'react';
import { systemClock, type Clock } from '../../../lib/clock';

/** The current time from `clock`, refreshed every `everyMs`, for texts such as "1 day 23 h left to pay". */
export function useNow(everyMs: number, clock: Clock = systemClock): number {
  const [now, setNow] = useState(clock);
  useEffect(() => {
    const timer = window.setInterval(() => setNow(clock()), everyMs);
    return () => window.clearInterval(timer);
  }, [everyMs, clock]);
  return now;
}
