import { useEffect, useRef, useState, useSyncExternalStore, type ReactNode } from 'react';

const neverChanges = () => () => undefined;
const browserCanObserve = () => typeof IntersectionObserver !== 'undefined';

interface WhenNearViewportProps {
  children: ReactNode;
  /** Shown, at the content's size, until the visitor scrolls near it. */
  placeholder: ReactNode;
  /** How far ahead of the viewport to start loading, so the content is ready when it arrives. */
  margin?: string;
}

/**
 * Renders `children` only once they are about to scroll into view. Used for below-the-fold parts of
 * a page whose code is heavy (the carousel's Swiper, the forms' zod and react-hook-form): a visitor
 * who never scrolls there never downloads it, and first paint does not wait for it.
 */
export function WhenNearViewport({ children, placeholder, margin = '400px' }: WhenNearViewportProps) {
  const ref = useRef<HTMLDivElement>(null);
  const [near, setNear] = useState(false);
  // Without IntersectionObserver there is no telling: render at once. The server renders the placeholder,
  // as the browser's first render does, so the two agree.
  const canObserve = useSyncExternalStore(neverChanges, browserCanObserve, () => true);

  useEffect(() => {
    const element = ref.current;
    if (near || !canObserve || !element) return undefined;
    return onceNearViewport(element, margin, () => setNear(true));
  }, [near, canObserve, margin]);

  return near || !canObserve ? children : <div ref={ref}>{placeholder}</div>;
}

/**
 * Calls `near` once, the first time `element` comes within `margin` of the viewport; answers the
 * function that stops watching (an effect's clean-up).
 */
export function onceNearViewport(element: Element, margin: string, near: () => void): () => void {
  const observer = new IntersectionObserver(
    (entries) => {
      if (!entries.some((entry) => entry.isIntersecting)) return;
      observer.disconnect();
      near();
    },
    { rootMargin: margin },
  );
  observer.observe(element);
  return () => observer.disconnect();
}
