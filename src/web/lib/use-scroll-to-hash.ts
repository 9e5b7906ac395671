import { useIsFetching, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';

/**
 * Scrolls to the URL's #fragment once the page's data has loaded. The router scrolls as soon as the
 * page renders, but sections that are still loading grow afterwards and push the target down.
 */
export function useScrollToHashWhenSettled(): void {
  const { hash, key } = useLocation();
  const queryClient = useQueryClient();
  // Re-runs the effect whenever the number of running queries changes.
  const fetching = useIsFetching();
  const handled = useRef<string | null>(null);
  useEffect(() => {
    // Asked of the client rather than read from `fetching`: the sections' queries start in their own
    // effects, after this component rendered.
    if (!hash || handled.current === key || queryClient.isFetching() > 0) return;
    handled.current = key;
    document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView({ behavior: 'instant' });
  }, [hash, key, fetching, queryClient]);
}
