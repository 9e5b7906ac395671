import { useEffect, useState } from 'react';
import { dealPercentAt, type FlashDealTerms } from '#shared/pricing';
import { type Clock, systemClock } from './clock';
import { useServerTimeUntilHydrated } from './server-time';

/** The longest wait a browser timer takes (about 24.8 days); a deal ending later is looked at again then. */
const LONGEST_TIMER_MS = 2_147_483_647;

/**
 * The flash deal's percentage off a part now (#shared/pricing, `dealPercentAt`), 0 from the deal's end
 * on: the component shows the deal price until then and redraws at the end, whatever its data says,
 * as the server's prices change then. A page rendered on the server shows the percentage at its
 * render time until the browser has hydrated it.
 */
export function useDealPercent(deal: FlashDealTerms | null | undefined, clock: Clock = systemClock): number {
  const [now, setNow] = useState(clock);
  const running = dealPercentAt(deal, now) > 0;
  const end = deal ? Date.parse(deal.endsAt) : Number.NaN;

  useEffect(() => {
    if (!running) return undefined;
    const timer = window.setTimeout(() => setNow(clock()), Math.min(Math.max(0, end - now) + 1, LONGEST_TIMER_MS));
    return () => window.clearTimeout(timer);
  }, [running, end, now, clock]);
  return dealPercentAt(deal, useServerTimeUntilHydrated(now));
}
