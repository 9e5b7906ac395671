import * as copy from '#shared/copy';
import { useHydrated } from '../lib/use-hydrated';

interface PaginationProps {
  page: number;
  totalPages: number;
  onPageChange: (page: number) => void;
  className?: string;
}

/** Pages to show: the first, the last, and the neighbours of the current one, with gaps between. */
function visiblePages(page: number, totalPages: number): (number | 'gap')[] {
  const wanted = new Set([1, totalPages, page - 1, page, page + 1].filter((n) => n >= 1 && n <= totalPages));
  const sorted = [...wanted].sort((a, b) => a - b);
  const result: (number | 'gap')[] = [];
  sorted.forEach((n, i) => {
    const previous = sorted[i - 1];
    if (previous !== undefined && n - previous > 1) result.push('gap');
    result.push(n);
  });
  return result;
}

const buttonBase =
  'inline-flex h-10 min-w-10 items-center justify-center rounded-lg px-3 text-sm font-semibold transition-colors disabled:cursor-not-allowed disabled:opacity-50';

export function Pagination({ page, totalPages, onPageChange, className = '' }: PaginationProps) {
  const hydrated = useHydrated();
  if (totalPages <= 1) return null;
  return (
    <nav aria-label={copy.pagination.label} className={`flex justify-center ${className}`}>
      <ul className="flex flex-wrap items-center justify-center gap-1.5">
        <li>
          <button
            type="button"
            className={`${buttonBase} border border-slate-300 bg-white text-slate-800 hover:bg-slate-100`}
            disabled={!hydrated || page <= 1}
            onClick={() => onPageChange(page - 1)}
          >
            <span aria-hidden="true" className="mr-1">
              ←
            </span>
            {copy.pagination.previous}
          </button>
        </li>
        {visiblePages(page, totalPages).map((item, index) =>
          item === 'gap' ? (
            <li key={`gap-${index}`} aria-hidden="true" className="px-1 text-slate-500">
              …
            </li>
          ) : (
            <li key={item}>
              <button
                type="button"
                aria-label={copy.pagination.page(item)}
                aria-current={item === page ? 'page' : undefined}
                disabled={!hydrated}
                onClick={() => onPageChange(item)}
                className={`${buttonBase} ${
                  item === page ? 'bg-slate-900 text-white' : 'border border-slate-300 bg-white text-slate-800 hover:bg-slate-100'
                }`}
              >
                {item}
              </button>
            </li>
          ),
        )}
        <li>
          <button
            type="button"
            className={`${buttonBase} border border-slate-300 bg-white text-slate-800 hover:bg-slate-100`}
            disabled={!hydrated || page >= totalPages}
            onClick={() => onPageChange(page + 1)}
          >
            {copy.pagination.next}
            <span aria-hidden="true" className="ml-1">
              →
            </span>
          </button>
        </li>
      </ul>
    </nav>
  );
}
