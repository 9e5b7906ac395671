import { useId } from 'react';
import { Link, type To } from 'react-router';
import * as copy from '#shared/copy';
import type { PartFacets } from '#shared/schemas/parts';
import { formatCount } from '#shared/numbers';

const c = copy.partsList;

interface PartsFacetsProps {
  facets: PartFacets | undefined;
  /** The chosen category's slug ('' for every category). */
  category: string;
  /** The chosen category's name, when the facets do not list it (no part of it matches the other filters). */
  categoryName?: string;
  inStock: boolean;
  /** Where choosing a category ('' for every category) leads: the list's address with it. */
  categoryTo: (slug: string) => To;
  onInStockChange: (inStock: boolean) => void;
}

const optionClass =
  'flex w-full items-baseline justify-between gap-3 rounded-lg px-3 py-2 text-left text-sm text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-brand-600';
const currentClass = 'bg-brand-50 font-bold text-brand-800 ring-1 ring-brand-200 hover:bg-brand-50';

/** A facet's number of parts: the number on screen, "4 parts" to a screen reader. */
function Count({ n }: { n: number }) {
  return (
    <span className="shrink-0 text-xs font-semibold text-slate-600 tabular-nums">
      {formatCount(n)} <span className="sr-only">{c.partsUnit(n)}</span>
    </span>
  );
}

/**
 * The list's facets (docs/shop-rules.md, "Finding parts"): its categories, each with how many parts
 * match every other filter, as links (one category at a time, the chosen one marked as the current
 * one, "All categories" first), and "In stock only" with how many of the parts can be booked.
 */
export function PartsFacets({ facets, category, categoryName, inStock, categoryTo, onInStockChange }: PartsFacetsProps) {
  const categoriesId = useId();
  const availabilityId = useId();
  const inStockId = useId();
  const listed = facets?.categories ?? [];
  // The chosen category stays on the list (with no part) when nothing else matches in it.
  const categories =
    category && !listed.some((item) => item.slug === category)
      ? [...listed, { slug: category, name: categoryName ?? category, count: 0 }]
      : listed;

  return (
    <div className="space-y-6">
      <nav aria-labelledby={categoriesId}>
        <h2 id={categoriesId} className="mb-2 text-sm font-bold tracking-wide text-slate-900 uppercase">
          {c.categories}
        </h2>
        <ul className="space-y-1">
          <li>
            <Link
              preventScrollReset
              to={categoryTo('')}
              aria-current={category === '' ? 'true' : undefined}
              className={`${optionClass} ${category === '' ? currentClass : ''}`}
            >
              {c.allCategories}
            </Link>
          </li>
          {categories.map((item) => {
            const current = item.slug === category;
            return (
              <li key={item.slug}>
                <Link
                  preventScrollReset
                  to={categoryTo(item.slug)}
                  aria-current={current ? 'true' : undefined}
                  className={`${optionClass} ${current ? currentClass : ''}`}
                >
                  <span className="min-w-0 break-words">{item.name}</span> <Count n={item.count} />
                </Link>
              </li>
            );
          })}
        </ul>
      </nav>
      <div role="group" aria-labelledby={availabilityId}>
        <h2 id={availabilityId} className="mb-2 text-sm font-bold tracking-wide text-slate-900 uppercase">
          {c.availability}
        </h2>
        <div className="flex items-center gap-3 px-3 py-2">
          <input
            id={inStockId}
            type="checkbox"
            checked={inStock}
            onChange={(event) => onInStockChange(event.target.checked)}
            className="checkbox checkbox-primary"
          />
          <label
            htmlFor={inStockId}
            className="flex flex-1 items-baseline justify-between gap-3 text-sm font-semibold text-slate-800"
          >
            <span>{copy.part.inStockOnly}</span> {facets ? <Count n={facets.inStock} /> : null}
          </label>
        </div>
      </div>
    </div>
  );
}
