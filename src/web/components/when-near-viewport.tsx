import { useEffect, useRef, useState, type ReactNode } from 'react';

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
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');

  useEffect(() => {
    const element = ref.current;
    if (near || !element) return undefined;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          setNear(true);
          observer.disconnect();
        }
      },
      { rootMargin: margin },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [near, margin]);

  return near ? children : <div ref={ref}>{placeholder}</div>;
}
