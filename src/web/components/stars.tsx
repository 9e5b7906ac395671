import * as copy from '#shared/copy';

interface StarsProps {
  /** 0–5; fractions are rounded to the nearest whole star for display. */
  value: number;
  size?: 'sm' | 'md';
  className?: string;
}

const STAR = 'M10 1.5l2.6 5.4 5.9.8-4.3 4.1 1 5.9L10 14.9l-5.2 2.8 1-5.9L1.5 7.7l5.9-.8z';

/** Read-only rating: one image for assistive technology ("Rated 4 out of 5"), five stars for the eye. */
export function Stars({ value, size = 'md', className = '' }: StarsProps) {
  const rounded = Math.max(0, Math.min(5, Math.round(value)));
  const label = copy.reviews.rating(Number.isInteger(value) ? value : Math.round(value * 10) / 10);
  const dimension = size === 'sm' ? 'h-4 w-4' : 'h-5 w-5';
  return (
    <span role="img" aria-label={label} className={`inline-flex gap-0.5 ${className}`}>
      {[1, 2, 3, 4, 5].map((n) => (
        <svg
          key={n}
          viewBox="0 0 20 20"
          aria-hidden="true"
          className={`${dimension} ${n <= rounded ? 'fill-amber-500' : 'fill-slate-300'}`}
        >
          <path d={STAR} />
        </svg>
      ))}
    </span>
  );
}
