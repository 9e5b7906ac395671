import { createContext, useContext } from 'react';

/**
 * Where a page drawn on the server hears until when its drawing holds. The server keeps a page's
 * drawing while the page's data stays the same (src/server/rendering); a component that draws from the
 * clock tells it the moment its drawing stops being right (a deal's end, the new year), so that no
 * drawing is kept past it. In the browser nobody listens.
 */
export const DrawnUntilContext = createContext<((until: number) => void) | undefined>(undefined);

/** Says this component's drawing holds until `until` (ms since the epoch), to a server render listening. */
export function useDrawnUntil(until: number): void {
  const tell = useContext(DrawnUntilContext);
  if (tell && Number.isFinite(until)) tell(until);
}
