import { useEffect, useState } from 'react';
import * as copy from '#shared/copy';
import { systemClock, type Clock } from '../../../lib/clock';
import { useServerTimeUntilHydrated } from '../../../lib/server-time';

interface CountdownProps {
  /** Milliseconds left, from useTimeLeft. */
  remaining: number;
}

const units = ['days', 'hours', 'minutes', 'seconds'] as const;

function split(ms: number) {
  const total = Math.floor(ms / 1000);
  return {
    days: Math.floor(total / 86_400),
    hours: Math.floor((total % 86_400) / 3_600),
    minutes: Math.floor((total % 3_600) / 60),
    seconds: total % 60,
  };
}

/**
 * Milliseconds from the clock's now to `endsAt` (0 once it has passed, or when there is no end),
 * updated on every second boundary until it reaches 0. A page rendered on the server shows the time
 * left when it was rendered until the browser has hydrated it, then the time left now.
 */
export function useTimeLeft(endsAt: string | undefined, clock: Clock = systemClock): number {
  const end = endsAt === undefined ? Number.NaN : Date.parse(endsAt);
  const [now, setNow] = useState(clock);
  const left = (at: number) => (Number.isNaN(end) ? 0 : Math.max(0, end - at));
  const running = left(now) > 0;

  useEffect(() => {
    if (!running) return undefined;
    const timer = window.setTimeout(() => setNow(clock()), 1000 - (now % 1000));
    return () => window.clearTimeout(timer);
  }, [now, running, clock]);
  return left(useServerTimeUntilHydrated(now));
}

/**
 * Days, hours, minutes and seconds left, then "Deal ended". It is a timer with a label rather than a
 * live region: announcing every second would drown a screen reader.
 */
export function Countdown({ remaining }: CountdownProps) {
  if (remaining <= 0) {
    return (
      <p
        data-testid="countdown"
        className="rounded-2xl bg-white/10 px-6 py-8 text-center text-3xl font-black ring-1 ring-white/15"
      >
        {copy.landing.dealEnded}
      </p>
    );
  }

  const parts = split(remaining);
  return (
    <div
      data-testid="countdown"
      role="timer"
      aria-label={copy.landing.dealEndsIn(parts.days, parts.hours, parts.minutes, parts.seconds)}
      className="grid grid-cols-4 gap-2 sm:gap-4"
    >
      {units.map((unit) => (
        <div key={unit} aria-hidden="true" className="rounded-2xl bg-white/10 px-1 py-4 text-center ring-1 ring-white/15 sm:py-6">
          <span className="block text-3xl font-black tabular-nums sm:text-5xl">{String(parts[unit]).padStart(2, '0')}</span>
          <span className="mt-1 block text-[0.7rem] font-semibold tracking-wider text-slate-300 uppercase sm:text-xs">
            {copy.landing.countdownUnits[unit]}
          </span>
        </div>
      ))}
    </div>
  );
}
