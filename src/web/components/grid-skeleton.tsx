import * as copy from '#shared/copy';

interface GridSkeletonProps {
  /** How many placeholder cards: enough to fill a phone's screen, so the content below stays put. */
  count: number;
  /** The real list's grid classes, so the placeholders take the columns and gaps the cards will. */
  gridClassName: string;
  /** The height of one card. */
  cardClassName: string;
  label?: string;
}

/**
 * What a card list shows while its first page loads: grey cards of about the real cards' size in the
 * real grid, so the footer (and anything else below) does not jump when the list arrives. Announced
 * once to screen readers, like the spinner it stands in for.
 */
export function GridSkeleton({ count, gridClassName, cardClassName, label = copy.common.loading }: GridSkeletonProps) {
  return (
    <div role="status">
      <span className="sr-only">{label}</span>
      <div aria-hidden="true" className={gridClassName}>
        {Array.from({ length: count }, (_, n) => (
          <div key={n} className={`animate-pulse rounded-2xl bg-slate-100 ${cardClassName}`} />
        ))}
      </div>
    </div>
  );
}
