import { createContext, useContext } from 'react';
import { useHydrated } from './use-hydrated';

/**
 * When the server rendered the page (ms since the epoch): given while the server renders it, and while
 * the browser hydrates it (the page carries it, entry-server.tsx → main.tsx).
 */
export const ServerTimeContext = createContext<number | undefined>(undefined);

/**
 * The time a component that shows the clock renders: the server's render time until the page is
 * hydrated, so the browser's first render matches the server's markup (a countdown, a deal that ended
 * in between), then `now`. Pages the browser renders itself get `now` at once.
 */
export function useServerTimeUntilHydrated(now: number): number {
  const serverTime = useContext(ServerTimeContext);
  const hydrated = useHydrated();
  return hydrated || serverTime === undefined ? now : serverTime;
}
