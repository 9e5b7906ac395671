import { useIsFetching, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';

/** How long the target is held in view while the page above it settles, unless the visitor scrolls first. */
const HOLD_MS = 3000;
const VISITOR_SCROLLS = ['wheel', 'touchstart', 'keydown', 'mousedown'] as const;

/**
 * Keeps `target` in view while the page around it settles: sections above it whose code or pictures
 * arrive after the data grow and would push it down. Stops once the visitor scrolls or after a moment.
 */
function holdInView(target: HTMLElement): () => void {
  target.scrollIntoView({ behavior: 'instant' });
  const observer = new ResizeObserver(() => target.scrollIntoView({ behavior: 'instant' }));
  observer.observe(document.body);
  const stop = () => {
    observer.disconnect();
    clearTimeout(timer);
    for (const type of VISITOR_SCROLLS) window.removeEventListener(type, stop);
  };
  const timer = setTimeout(stop, HOLD_MS);
  for (const type of VISITOR_SCROLLS) window.addEventListener(type, stop, { passive: true });
  return stop;
}

/**
 * A target that is not drawn yet (a section whose code arrives after the data, on a page the browser
 * renders itself) is held in view once it appears, if it does so within a moment.
 */
function holdWhenDrawn(id: string): () => void {
  let release: (() => void) | undefined;
  const observer = new MutationObserver(() => {
    const target = document.getElementById(id);
    if (!target) return;
    stopWaiting();
    release = holdInView(target);
  });
  const stopWaiting = () => {
    observer.disconnect();
    clearTimeout(timer);
  };
  const timer = setTimeout(stopWaiting, HOLD_MS);
  observer.observe(document.body, { childList: true, subtree: true });
  return () => {
    stopWaiting();
    release?.();
  };
}

/**
 * Scrolls to the URL's #fragment once the page's data has loaded, and holds it there while the page
 * settles. The router scrolls as soon as the page renders, but sections that are still loading grow
 * afterwards and push the target down.
 */
export function useScrollToHashWhenSettled(): void {
  const { hash, key } = useLocation();
  const queryClient = useQueryClient();
  // Re-runs the effect whenever the number of running queries changes.
  const fetching = useIsFetching();
  const handled = useRef<string | null>(null);
  const release = useRef<(() => void) | undefined>(undefined);
  useEffect(() => {
    // Asked of the client rather than read from `fetching`: the sections' queries start in their own
    // effects, after this component rendered.
    if (!hash || handled.current === key || queryClient.isFetching() > 0) return;
    handled.current = key;
    const id = decodeURIComponent(hash.slice(1));
    release.current?.();
    const target = document.getElementById(id);
    release.current = target ? holdInView(target) : holdWhenDrawn(id);
  }, [hash, key, fetching, queryClient]);
  useEffect(() => () => release.current?.(), []);
}
