import { useEffect, useState } from 'react';
import * as copy from '#shared/copy';
import { systemClock, type Clock } from '../../../lib/clock';
import { useDrawnUntil } from '../../../lib/drawn-until';

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
 * updated on every second boundary until it reaches 0. The page rendered on the server shows the time
 * left as it rendered; the browser corrects it on its first tick.
 */
export function useTimeLeft(endsAt: string | undefined, clock: Clock = systemClock): number {
  const end = endsAt === undefined ? Number.NaN : Date.parse(endsAt);
  const [now, setNow] = useState(clock);
  const remaining = Number.isNaN(end) ? 0 : Math.max(0, end - now);
  // A page drawn on the server shows the deal as running only until it ends.
  useDrawnUntil(remaining > 0 ? end : Number.NaN);

  useEffect(() => {
    if (remaining <= 0) return undefined;
    const timer = window.setTimeout(() => setNow(clock()), 1000 - (now % 1000));
    return () => window.clearTimeout(timer);
  }, [now, remaining, clock]);
  return remaining;
}

/**
 * Days, hours, minutes and seconds left, then "Deal ended". It is a timer with a label rather than a
 * live region: announcing every second would drown a screen reader. The browser keeps the server's
 * digits while it takes the page over and corrects them on its first tick (hence suppressHydrationWarning).
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
      suppressHydrationWarning
      aria-label={copy.landing.dealEndsIn(parts.days, parts.hours, parts.minutes, parts.seconds)}
      className="grid grid-cols-4 gap-2 sm:gap-4"
    >
      {units.map((unit) => (
        <div key={unit} aria-hidden="true" className="rounded-2xl bg-white/10 px-1 py-4 text-center ring-1 ring-white/15 sm:py-6">
          <span className="block text-3xl font-black tabular-nums sm:text-5xl" suppressHydrationWarning>
            {String(parts[unit]).padStart(2, '0')}
          </span>
          <span className="mt-1 block text-[0.7rem] font-semibold tracking-wider text-slate-300 uppercase sm:text-xs">
            {copy.landing.countdownUnits[unit]}
          </span>
        </div>
      ))}
    </div>
  );
}
