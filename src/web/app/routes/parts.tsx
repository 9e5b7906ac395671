import { useQuery } from '@tanstack/react-query';
import { type MouseEvent, useEffect, useId, useRef, useState } from 'react';
import { useLocation, useSearchParams, type To } from 'react-router';
import * as copy from '#shared/copy';
import { defaultPartSort, partsPageSearch, type PartsSearch } from '#shared/page-search';
import type { Vehicle } from '#shared/schemas/vehicles';
import { vehicleName, yearRange } from '#shared/vehicle-names';
import { PageHeader } from '../../components/page-header';
import { Pagination } from '../../components/pagination';
import { Redirect } from '../../components/redirect';
import { SectionError } from '../../components/section-error';
import { GridSkeleton } from '../../components/grid-skeleton';
import { AddToCartButton } from '../../features/cart/components/add-to-cart-button';
import { categoriesQueryOptions } from '../../features/parts/api/get-categories';
import { partsQueryOptions, type PartsQuery, usePartsQuery } from '../../features/parts/api/get-parts';
import { type ActiveFilter, ActiveFilters } from '../../features/parts/components/active-filters';
import { FitBadge } from '../../features/parts/components/fit-badge';
import { PART_CARD_ACTION_CLASS, type PartCardAction } from '../../features/parts/components/part-card';
import { PartGrid } from '../../features/parts/components/part-grid';
import { sessionQueryOptions } from '../../features/auth/api/get-session';
import { YourPrice } from '../../features/companies/components/your-price';
import { PartsFacets } from '../../features/parts/components/parts-facets';
import { PartsNoResults, type UnknownFilter } from '../../features/parts/components/parts-no-results';
import { PartsToolbar } from '../../features/parts/components/parts-toolbar';
import { vehicleMakesQueryOptions } from '../../features/vehicles/api/get-makes';
import { ensureVehicleData, useVehicle, vehiclesQueryOptions } from '../../features/vehicles/api/get-vehicles';
import { VehicleFilter } from '../../features/vehicles/components/vehicle-filter';
import type { VehicleChoice } from '../../features/vehicles/components/vehicle-picker';
import { bringIntoView } from '../../lib/bring-into-view';
import { pageLoader } from '../page-data';

export const PARTS_PAGE_SIZE = 12;

/** The list shares its width with the facets from lg on: three columns only from xl. */
const LIST_GRID_CLASS = 'grid gap-6 sm:grid-cols-2 xl:grid-cols-3 lg:gap-8';

const c = copy.partsList;

/** The list the page shows for its search. */
function partsListQuery({ q, sort, page, inStock, category, vehicle, make, year, deal }: PartsSearch): PartsQuery {
  return {
    q: q || undefined,
    // The API's own default (relevance with a search, newest without) is not sent, so both spellings share a cache entry.
    sort: sort === defaultPartSort(q) ? undefined : sort,
    page,
    limit: PARTS_PAGE_SIZE,
    ...(inStock ? { inStock } : {}),
    ...(category ? { category } : {}),
    ...(vehicle ? { vehicle } : {}),
    ...(make ? { make } : {}),
    ...(year === undefined ? {} : { year }),
    ...(deal ? { deal } : {}),
  };
}

/**
 * The search after a change, on page 1 unless the change says otherwise. An order left at its default
 * follows the search: typing a first word orders by best match, clearing it goes back to the newest.
 */
function changed(search: PartsSearch, changes: Partial<PartsSearch>): PartsSearch {
  const next: PartsSearch = { ...search, page: 1, ...changes };
  if (changes.sort === undefined && search.sort === defaultPartSort(search.q)) next.sort = defaultPartSort(next.q);
  if (next.sort === 'relevance' && !next.q) next.sort = 'newest';
  return next;
}

function address(search: PartsSearch): To {
  return { search: partsPageSearch.key(search).toString() };
}

/** The years a badge or chip names: the chosen one, else every year the vehicle was built. */
function yearsOf(vehicle: Vehicle, year: number | undefined): string {
  return year === undefined ? yearRange(vehicle.yearFrom, vehicle.yearTo) : String(year);
}

/** "Add to cart" on each card: the part's smallest allowed quantity. */
const addToCart: PartCardAction = (part, nameId) => (
  <AddToCartButton part={part} describedBy={nameId} className={PART_CARD_ACTION_CLASS} />
);

/**
 * The parts, the makes for the picker and, with a vehicle, the vehicle and its make's models, so the
 * server renders the picker as chosen and every card's "Fits …" (and the page asks nothing more as it
 * renders: the same queries the hooks below make).
 */
export const loader = pageLoader((queryClient, { request }) => {
  const search = partsPageSearch.read(new URL(request.url).searchParams);
  return Promise.all([
    queryClient
      .ensureQueryData(partsQueryOptions(partsListQuery(search)))
      // A chosen category the facets do not list (nothing of it matches) is named from the list of categories.
      .then((list) =>
        search.category && !list.facets.categories.some((item) => item.slug === search.category)
          ? queryClient.ensureQueryData(categoriesQueryOptions())
          : undefined,
      ),
    queryClient.ensureQueryData(vehicleMakesQueryOptions()),
    search.vehicle
      ? ensureVehicleData(queryClient, search.vehicle).then((vehicle) =>
          vehicle ? queryClient.ensureQueryData(vehiclesQueryOptions({ make: vehicle.make })) : undefined,
        )
      : search.make
        ? queryClient.ensureQueryData(vehiclesQueryOptions({ make: search.make }))
        : undefined,
  ]);
});

/** The filters on, as chips, each with the address without it. */
function activeFilters(search: PartsSearch, vehicle: Vehicle | null | undefined, categoryName: string): ActiveFilter[] {
  const filters: ActiveFilter[] = [];
  const { category, make, year, inStock } = search;
  if (search.vehicle) {
    filters.push({
      label: vehicle ? c.vehicleChip(vehicleName(vehicle), yearsOf(vehicle, year)) : c.someVehicle,
      removeTo: address(changed(search, { vehicle: '', make: '', year: undefined })),
    });
  } else if (make) {
    filters.push({ label: c.makeChip(make, year), removeTo: address(changed(search, { make: '', year: undefined })) });
  } else if (year !== undefined) {
    filters.push({ label: c.yearChip(year), removeTo: address(changed(search, { year: undefined })) });
  }
  if (category) {
    filters.push({ label: categoryName, removeTo: address(changed(search, { category: '' })) });
  }
  if (inStock) {
    filters.push({
      label: copy.part.inStockOnly,
      phrase: c.inStockPhrase,
      removeTo: address(changed(search, { inStock: false })),
    });
  }
  if (search.deal) {
    filters.push({ label: copy.deal.chip, phrase: copy.deal.phrase, removeTo: address(changed(search, { deal: false })) });
  }
  return filters;
}

const NO_FILTERS = {
  category: '',
  vehicle: '',
  make: '',
  year: undefined,
  inStock: false,
  deal: false,
} satisfies Partial<PartsSearch>;

/**
 * What the list does once a change made on this page is shown: the results come into view (they start
 * below the first screen, under the header, the vehicle picker and the search), the control used keeping
 * the focus when it is still there (`keep-focus`), or the focus moving to the results (`focus-results`:
 * the page buttons at the bottom of the list).
 */
type Reveal = 'keep-focus' | 'focus-results';

/** The list's address as the page reads it, to tell whether a change leads anywhere new. */
function searchKeyOf(query: string): string {
  return partsPageSearch.key(partsPageSearch.read(new URLSearchParams(query))).toString();
}

/**
 * /part: every part, searchable by name, description, SKU or cross-reference number, narrowed to a
 * vehicle (make, model, year), a category and the parts in stock, 12 a page (docs/shop-rules.md,
 * "Finding parts").
 * All of it lives in the URL (#shared/page-search): a filter pushes a history entry, typing replaces
 * it, so a result can be shared and the back button steps through the filters.
 */
export default function PartsPage() {
  const [params, setParams] = useSearchParams();
  const { pathname } = useLocation();
  // The server keys its rendered copy of this page by the same reading (#shared/page-search).
  const search = partsPageSearch.read(params);
  const { q, sort, page, inStock, category, make, year } = search;
  const parts = usePartsQuery(partsListQuery(search));
  // The session as the page's header already asked it (never asked again here): a signed-in customer may be a member.
  const signedIn = useQuery({ ...sessionQueryOptions(), enabled: false }).data;
  const active = Boolean(signedIn && !signedIn.isAdmin && signedIn.company?.status === 'active');
  const partIds = parts.data?.items.map((part) => part.id) ?? [];
  const vehicle = useVehicle(search.vehicle || undefined);
  // The chosen category is named by the facets, or (when no part of it matches the other filters) by the list of categories.
  const facetName = parts.data?.facets.categories.find((item) => item.slug === category)?.name;
  const categories = useQuery({ ...categoriesQueryOptions(), enabled: Boolean(category && parts.data && !facetName) });
  const categoryName = facetName ?? categories.data?.items.find((item) => item.slug === category)?.name ?? category;
  const [filtersOpen, setFiltersOpen] = useState(false);
  const filtersId = useId();
  const resultsRef = useRef<HTMLParagraphElement>(null);
  const searchKey = partsPageSearch.key(search).toString();
  const pendingReveal = useRef<Reveal | null>(null);

  const reveal = (how: Reveal) => {
    const results = resultsRef.current;
    if (!results) return;
    const focused = document.activeElement;
    const keep = how === 'keep-focus' && focused instanceof HTMLElement && focused !== document.body ? focused : null;
    bringIntoView(results, keep);
  };
  // Once the address a control asked for is the page's, its results are brought into view.
  useEffect(() => {
    const how = pendingReveal.current;
    pendingReveal.current = null;
    if (how) reveal(how);
  }, [searchKey]);
  /** Asks for the results to come into view after the move to `nextKey` (at once when it is where the page is). */
  const revealAfter = (nextKey: string, how: Reveal | null) => {
    pendingReveal.current = null;
    if (!how) return;
    if (nextKey === searchKey) reveal(how);
    else pendingReveal.current = how;
  };

  /**
   * A change of the list. `replace`: typing in the search box, which neither adds a history entry nor
   * moves the page; every other change brings the results into view itself (so the router does not
   * scroll to the top first).
   */
  const update = (changes: Partial<PartsSearch>, replace: boolean, how: Reveal | null = replace ? null : 'keep-focus') => {
    const next = partsPageSearch.key(changed(search, changes));
    revealAfter(next.toString(), how);
    setParams(next, { replace, preventScrollReset: true });
  };
  const choose = (choice: VehicleChoice) =>
    update({ vehicle: choice.vehicleId ?? '', make: choice.vehicleId ? '' : (choice.make ?? ''), year: choice.year }, false);
  /** The links of the facets, chips and "nothing found" lead to the list too, and bring its results into view. */
  const onListLinkClick = (event: MouseEvent<HTMLElement>) => {
    const link = event.target instanceof Element ? event.target.closest('a') : null;
    if (!link || event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey)
      return;
    const url = new URL(link.href, window.location.href);
    if (url.origin === window.location.origin && url.pathname === pathname) {
      revealAfter(searchKeyOf(url.search), 'keep-focus');
    }
  };

  const totalPages = parts.data ? Math.max(1, Math.ceil(parts.data.total / PARTS_PAGE_SIZE)) : 1;
  if (parts.data && !parts.isPlaceholderData && page > totalPages) {
    return <Redirect to={{ search: partsPageSearch.key({ ...search, page: totalPages }).toString() }} />;
  }

  const facets = parts.data?.facets;
  const filters = activeFilters(search, vehicle.data, categoryName);
  const unknown = new Set(parts.data?.unknownFilters ?? []);
  const unknownFilters: UnknownFilter[] = [];
  if (unknown.has('category')) {
    unknownFilters.push({
      message: c.unknownCategory(category),
      removeLabel: c.showAllCategories,
      removeTo: address(changed(search, { category: '' })),
    });
  }
  if (unknown.has('make')) {
    unknownFilters.push({
      message: c.unknownMake(make),
      removeLabel: c.showAllMakes,
      removeTo: address(changed(search, { make: '', year: undefined })),
    });
  }
  if (unknown.has('vehicle')) {
    unknownFilters.push({
      message: c.unknownVehicle,
      removeLabel: c.showAllVehicles,
      removeTo: address(changed(search, { vehicle: '', year: undefined })),
    });
  }
  const fits =
    search.vehicle && vehicle.data && !unknown.has('vehicle') ? (
      <FitBadge text={c.fits(vehicleName(vehicle.data), yearsOf(vehicle.data, year))} />
    ) : undefined;

  return (
    <>
      <title>{`${copy.part.allParts} · ${copy.brand}`}</title>
      <PageHeader title={copy.part.allParts} text={copy.part.listText} />
      <div className="container-page py-10 sm:py-14">
        <div className="card-surface p-5 sm:p-6">
          <VehicleFilter value={{ make: make || undefined, vehicleId: search.vehicle || undefined, year }} onChange={choose} />
        </div>
        <div className="mt-6">
          <PartsToolbar
            q={q}
            sort={sort}
            onSearch={(text, how) => update({ q: text }, true, how === 'submitted' ? 'keep-focus' : null)}
            onSortChange={(value) => update({ sort: value }, false)}
          />
        </div>
        {/* A click on a link of the facets, the chips or "nothing found": the list reads it on its way. */}
        <div className="mt-8 lg:grid lg:grid-cols-[15rem_minmax(0,1fr)] lg:gap-10" onClickCapture={onListLinkClick}>
          <aside aria-label={c.filters}>
            <button
              type="button"
              className="btn btn-outline w-full justify-between lg:hidden"
              aria-expanded={filtersOpen}
              aria-controls={filtersId}
              onClick={() => setFiltersOpen((open) => !open)}
            >
              {c.showFilters(filters.length)}
              <span aria-hidden="true">{filtersOpen ? '−' : '+'}</span>
            </button>
            <div id={filtersId} className={`${filtersOpen ? 'mt-4 block' : 'hidden'} lg:mt-0 lg:block`}>
              <PartsFacets
                facets={facets}
                category={category}
                categoryName={categoryName}
                inStock={inStock}
                categoryTo={(slug) => address(changed(search, { category: slug }))}
                onInStockChange={(value) => update({ inStock: value }, false)}
              />
            </div>
          </aside>
          <div className="mt-6 min-w-0 lg:mt-0">
            <div className="flex min-h-6 items-center justify-between gap-4">
              <p ref={resultsRef} role="status" tabIndex={-1} className="font-semibold text-slate-700 outline-none">
                {parts.data ? (q ? copy.part.resultsFor(parts.data.total, q) : copy.part.results(parts.data.total)) : null}
              </p>
              {parts.isFetching && parts.data ? (
                <span className="loading loading-spinner loading-sm text-brand-700" aria-hidden="true" />
              ) : null}
            </div>
            {parts.data?.items[0]?.resolvedFrom ? (
              // A replaced number searched for: the part replacing it comes first, and the page says why.
              <p
                className="mt-4 rounded-lg border-l-4 border-sky-600 bg-sky-50 px-3 py-2 text-sm font-medium text-sky-900"
                data-testid="search-replaced"
              >
                {copy.supersessions.replacedBy(
                  parts.data.items[0].resolvedFrom.number,
                  parts.data.items[0].resolvedFrom.chain.at(-1) ?? parts.data.items[0].sku,
                )}
              </p>
            ) : null}
            {filters.length > 0 ? (
              <div className="mt-4">
                <ActiveFilters filters={filters} clearTo={address(changed(search, NO_FILTERS))} />
              </div>
            ) : null}
            <div className="mt-6">
              {parts.isPending ? (
                <GridSkeleton count={3} gridClassName={LIST_GRID_CLASS} cardClassName="h-[30rem]" />
              ) : parts.isError ? (
                <SectionError onRetry={() => void parts.refetch()} message={copy.common.somethingWrong} />
              ) : parts.data.items.length === 0 ? (
                <PartsNoResults
                  q={q}
                  filters={filters.map((filter) => filter.phrase ?? filter.label)}
                  unknown={unknownFilters}
                  clearFiltersTo={filters.length > 0 ? address(changed(search, NO_FILTERS)) : undefined}
                  clearSearchTo={q ? address(changed(search, { q: '' })) : undefined}
                  suggestion={
                    parts.data.suggestion
                      ? { text: parts.data.suggestion, to: address(changed(search, { q: parts.data.suggestion })) }
                      : undefined
                  }
                />
              ) : (
                <div className={parts.isPlaceholderData ? 'opacity-60 transition-opacity' : 'transition-opacity'}>
                  <PartGrid
                    parts={parts.data.items}
                    cardAction={addToCart}
                    headingLevel={2}
                    priorityCount={3}
                    cardBadge={fits}
                    className={LIST_GRID_CLASS}
                    cardPriceNote={(part) => (
                      // A member's own price, from one per-user request for the whole page; the cards stay as cached.
                      <YourPrice part={part} active={active} batch={partIds} compact />
                    )}
                  />
                </div>
              )}
            </div>
            <Pagination
              className="mt-12"
              page={page}
              totalPages={totalPages}
              onPageChange={(value) => update({ page: value }, false, 'focus-results')}
            />
          </div>
        </div>
      </div>
    </>
  );
}
