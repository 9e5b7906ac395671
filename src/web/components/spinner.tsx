import * as copy from '#shared/copy';

interface SpinnerProps {
  label?: string;
  className?: string;
}

/** A loading indicator that screen readers announce once, politely. */
export function Spinner({ label = copy.common.loading, className = 'py-16' }: SpinnerProps) {
  return (
    <div role="status" className={`flex items-center justify-center text-brand-700 ${className}`}>
      <span className="loading loading-spinner loading-lg" aria-hidden="true" />
      <span className="sr-only">{label}</span>
    </div>
  );
}
