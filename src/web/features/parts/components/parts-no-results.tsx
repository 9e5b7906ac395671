import { Link, type To } from 'react-router';
import * as copy from '#shared/copy';

const c = copy.partsList;

export interface UnknownFilter {
  /** "There is no category “xyz”." */
  message: string;
  /** "Show every category" */
  removeLabel: string;
  /** The list's address without it. */
  removeTo: To;
}

interface PartsNoResultsProps {
  q: string;
  /** The filters on, as their chips name them. */
  filters: readonly string[];
  /** Filters naming what the shop does not have: each said, with a link that removes it. */
  unknown: readonly UnknownFilter[];
  /** Without the filters, keeping the search (absent when no filter is on). */
  clearFiltersTo?: To;
  /** Without the search, keeping the filters (absent when there is no search). */
  clearSearchTo?: To;
  /** A search the shop has parts for, with the nearest words it knows: "Did you mean brake pads?" */
  suggestion?: { text: string; to: To };
}

/** An empty list: what matched nothing, and the ways out (docs/shop-rules.md, "Finding parts"). */
export function PartsNoResults({ q, filters, unknown, clearFiltersTo, clearSearchTo, suggestion }: PartsNoResultsProps) {
  const asked = q || filters.length > 0;
  return (
    <div className="flex flex-col items-center rounded-2xl border border-dashed border-slate-300 bg-slate-50 px-6 py-14 text-center">
      <h2 className="max-w-2xl text-xl font-bold break-words text-slate-900">
        {asked ? c.noMatch(q, filters) : copy.part.noResults}
      </h2>
      {suggestion ? (
        <p className="mt-3 text-lg break-words text-slate-800">
          {c.didYouMean.before}{' '}
          <Link preventScrollReset to={suggestion.to} className="link font-semibold text-brand-800">
            {suggestion.text}
          </Link>
          {c.didYouMean.after}
        </p>
      ) : null}
      {unknown.length > 0 ? (
        <ul className="mt-3 space-y-2">
          {unknown.map((item) => (
            <li key={item.message} className="text-slate-800">
              <span className="font-semibold">{item.message}</span>{' '}
              <Link preventScrollReset to={item.removeTo} className="link font-semibold text-brand-800">
                {item.removeLabel}
              </Link>
            </li>
          ))}
        </ul>
      ) : asked ? (
        <p className="mt-2 text-slate-600">{c.noMatchHint}</p>
      ) : null}
      {clearFiltersTo || clearSearchTo ? (
        <div className="mt-6 flex flex-wrap justify-center gap-3">
          {clearFiltersTo ? (
            <Link preventScrollReset to={clearFiltersTo} className="btn btn-primary">
              {c.clearFilters}
            </Link>
          ) : null}
          {clearSearchTo ? (
            <Link preventScrollReset to={clearSearchTo} className={clearFiltersTo ? 'btn btn-outline' : 'btn btn-primary'}>
              {copy.part.clearSearch}
            </Link>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
