import { Link, type To } from 'react-router';
import * as copy from '#shared/copy';
import { CloseIcon } from '../../../components/icons';

const c = copy.partsList;

export interface ActiveFilter {
  /** What the chip says: "Ford Focus 1.6 Ti-VCT 92 kW (2015)", "Brake pads". */
  label: string;
  /** The list's address without this filter. */
  removeTo: To;
  /** How a sentence names it, when not as the chip does ("in stock only"). */
  phrase?: string;
}

interface ActiveFiltersProps {
  filters: readonly ActiveFilter[];
  /** The list's address without any filter (the search stays). */
  clearTo: To;
}

/** The filters on, each a chip that removes it, and "Clear all filters"; nothing when none is on. */
export function ActiveFilters({ filters, clearTo }: ActiveFiltersProps) {
  if (filters.length === 0) return null;
  return (
    <div className="flex flex-wrap items-center gap-2">
      <h2 className="sr-only">{c.activeFilters}</h2>
      <ul className="flex flex-wrap gap-2">
        {filters.map((filter) => (
          <li key={filter.label}>
            <Link
              preventScrollReset
              to={filter.removeTo}
              aria-label={c.removeFilter(filter.label)}
              className="inline-flex max-w-full items-center gap-1.5 rounded-full bg-slate-900 py-1.5 pr-2.5 pl-3.5 text-sm font-semibold text-white hover:bg-slate-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
            >
              <span className="min-w-0 break-words">{filter.label}</span>
              <CloseIcon className="h-4 w-4 shrink-0" />
            </Link>
          </li>
        ))}
      </ul>
      <Link preventScrollReset to={clearTo} className="link text-sm font-semibold text-brand-800">
        {c.clearAll}
      </Link>
    </div>
  );
}
