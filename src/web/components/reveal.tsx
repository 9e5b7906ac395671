import { useEffect, useRef, type CSSProperties, type ReactNode } from 'react';
import { prefersReducedMotion } from '../lib/use-reduced-motion';

/** Matches the transition in styles.css. */
const REVEAL_MS = 3000;

interface RevealProps {
  children: ReactNode;
  className?: string;
  id?: string;
  as?: 'section' | 'div';
  style?: CSSProperties;
  'aria-labelledby'?: string;
}

/**
 * A section that fades in when it scrolls into view (3000 ms, see styles.css). It stays fully visible
 * until that moment: content already on screen when the page opens is not animated, and nothing is
 * ever hidden from a screenshot or an accessibility check that does not scroll. No motion under
 * prefers-reduced-motion.
 */
export function Reveal({ children, className, id, as: Tag = 'section', ...rest }: RevealProps) {
  const ref = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const element = ref.current;
    if (!element || prefersReducedMotion() || typeof IntersectionObserver === 'undefined') return undefined;
    let first = true;
    let frame = 0;
    let done = 0;
    const observer = new IntersectionObserver(
      (entries) => {
        const entry = entries[entries.length - 1];
        const wasFirst = first;
        first = false;
        if (!entry?.isIntersecting) return;
        observer.disconnect();
        if (wasFirst) return;
        element.dataset.reveal = 'start';
        frame = requestAnimationFrame(() => {
          frame = requestAnimationFrame(() => {
            element.dataset.reveal = 'run';
            done = window.setTimeout(() => delete element.dataset.reveal, REVEAL_MS + 100);
          });
        });
      },
      { rootMargin: '0px 0px 10% 0px' },
    );
    observer.observe(element);
    return () => {
      observer.disconnect();
      cancelAnimationFrame(frame);
      window.clearTimeout(done);
      delete element.dataset.reveal;
    };
  }, []);

  return (
    <Tag ref={ref} id={id} className={`relative ${className ?? ''}`} {...rest}>
      {children}
    </Tag>
  );
}
