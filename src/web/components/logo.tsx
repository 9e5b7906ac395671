import * as copy from '#shared/copy';
import { gearPath } from '../lib/gear-path';

const GEAR = gearPath(16, 16, 8, 15, 11, 4.5);

/** The wordmark: an orange gear and "Gearhouse". Decorative; the link around it carries the name. */
export function Logo({ className = '' }: { className?: string }) {
  return (
    <span className={`inline-flex items-center gap-2 ${className}`} aria-hidden="true">
      <svg viewBox="0 0 32 32" className="h-8 w-8 shrink-0">
        <path d={GEAR} fillRule="evenodd" className="fill-brand-500" />
        <circle cx="16" cy="16" r="2" className="fill-brand-500" />
      </svg>
      <span className="text-xl font-black tracking-tight">
        {copy.brand.slice(0, 4)}
        <span className="text-brand-400">{copy.brand.slice(4)}</span>
      </span>
    </span>
  );
}
