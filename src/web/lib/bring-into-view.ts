import { prefersReducedMotion } from './use-reduced-motion';

/** Room left between the navbar and what is brought into view. */
const GAP_PX = 16;

export interface ViewGeometry {
  /** The target's top, from the top of the view. */
  targetTop: number;
  /** Where the view's uncovered part starts: the sticky navbar's bottom edge. */
  coveredTop: number;
  viewportHeight: number;
  /** The control the person used, when it is still on the page and keeps the focus. */
  keep?: { top: number; bottom: number } | undefined;
}

/**
 * How far to scroll (positive: down) so that the target comes as near the top of the view as it can,
 * under the navbar, while the control that keeps the focus stays in view: a person using the keyboard
 * never has the focus scrolled out of sight. Zero when nothing needs to move.
 */
export function scrollDelta({ targetTop, coveredTop, viewportHeight, keep }: ViewGeometry): number {
  const top = coveredTop + GAP_PX;
  let delta = targetTop - top;
  if (keep && keep.bottom - keep.top <= viewportHeight - top) {
    // Not past the control's top (it would slide under the navbar) nor its bottom (below the view).
    delta = Math.min(delta, keep.top - top);
    delta = Math.max(delta, keep.bottom - viewportHeight);
  }
  return Math.abs(delta) < 1 ? 0 : Math.round(delta);
}

/** The bottom edge of the sticky navbar (0 when it is not on screen). */
function coveredTop(): number {
  const header = document.querySelector('body header');
  return header ? Math.max(0, header.getBoundingClientRect().bottom) : 0;
}

/** Where a control and its labels are: a field is kept in view with the label that names it. */
function withLabels(control: Element): { top: number; bottom: number } {
  const labels =
    'labels' in control && control.labels instanceof NodeList ? Array.from(control.labels as NodeListOf<Element>) : [];
  const rects = [control, ...labels].map((element) => element.getBoundingClientRect());
  return { top: Math.min(...rects.map((rect) => rect.top)), bottom: Math.max(...rects.map((rect) => rect.bottom)) };
}

/**
 * Brings `target` into view as scrollDelta says, smoothly unless the person asked for less motion.
 * `keep` is the control that has the focus and must stay in view; without one the focus moves to the
 * target (which takes it: tabIndex -1), so the keyboard goes on from there.
 */
export function bringIntoView(target: HTMLElement, keep?: Element | null): void {
  const kept = keep?.isConnected ? withLabels(keep) : undefined;
  if (!kept) target.focus({ preventScroll: true });
  const delta = scrollDelta({
    targetTop: target.getBoundingClientRect().top,
    coveredTop: coveredTop(),
    viewportHeight: window.innerHeight,
    keep: kept,
  });
  if (delta !== 0) window.scrollBy({ top: delta, behavior: prefersReducedMotion() ? 'instant' : 'smooth' });
}
