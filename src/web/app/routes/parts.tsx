import { Link, useSearchParams } from 'react-router';
import { copy } from '#shared/copy';
import { partsPageSearch, type PartsSearch } from '#shared/page-search';
import { paths } from '#shared/paths';
import type { PartSort } from '#shared/schemas/parts';
import { PageHeader } from '../../components/page-header';
import { Pagination } from '../../components/pagination';
import { Redirect } from '../../components/redirect';
import { SectionError } from '../../components/section-error';
import { GridSkeleton } from '../../components/grid-skeleton';
import { AddToCartButton } from '../../features/cart/components/add-to-cart-button';
import { partsQueryOptions, type PartsQuery, usePartsQuery } from '../../features/parts/api/get-parts';
import { PART_CARD_ACTION_CLASS, type PartCardAction } from '../../features/parts/components/part-card';
import { PART_GRID_CLASS, PartGrid } from '../../features/parts/components/part-grid';
import { PartsToolbar } from '../../features/parts/components/parts-toolbar';
import { pageLoader } from '../page-data';

export const PARTS_PAGE_SIZE = 12;

/** The list the page shows for its search. */
function partsListQuery({ q, sort, page, inStock }: PartsSearch): PartsQuery {
  return { q: q || undefined, sort, page, limit: PARTS_PAGE_SIZE, ...(inStock ? { inStock } : {}) };
}

/** "Add to cart" on each card: the part's smallest allowed quantity. */
const addToCart: PartCardAction = (part, nameId) => (
  <AddToCartButton part={part} describedBy={nameId} className={PART_CARD_ACTION_CLASS} />
);

export const loader = pageLoader((queryClient, { request }) =>
  queryClient.ensureQueryData(partsQueryOptions(partsListQuery(partsPageSearch.read(new URL(request.url).searchParams)))),
);

/**
 * /part: every part, searchable, sortable and (with "In stock only") narrowed to the parts that can be
 * booked, 12 a page; all of it lives in the URL (?q=&sort=&inStock=true&page=).
 */
export default function PartsPage() {
  const [params, setParams] = useSearchParams();
  // The server keys its rendered copy of this page by the same reading (#shared/page-search).
  const search = partsPageSearch.read(params);
  const { q, sort, page, inStock } = search;
  const parts = usePartsQuery(partsListQuery(search));

  const update = (changes: { q?: string; sort?: PartSort; page?: number; inStock?: boolean }, replace: boolean) => {
    const next = partsPageSearch.key({ q, sort, inStock, page: 1, ...changes });
    setParams(next, { replace, preventScrollReset: replace });
  };

  const totalPages = parts.data ? Math.max(1, Math.ceil(parts.data.total / PARTS_PAGE_SIZE)) : 1;
  if (parts.data && !parts.isPlaceholderData && page > totalPages) {
    return <Redirect to={{ search: partsPageSearch.key({ q, sort, inStock, page: totalPages }).toString() }} />;
  }

  return (
    <>
      <title>{`${copy.part.allParts} · ${copy.brand}`}</title>
      <PageHeader title={copy.part.allParts} text={copy.part.listText} />
      <div className="container-page py-10 sm:py-14">
        <PartsToolbar
          q={q}
          sort={sort}
          inStock={inStock}
          onInStockChange={(value) => update({ inStock: value }, false)}
          onSearch={(text) => update({ q: text }, true)}
          onSortChange={(value) => update({ sort: value }, false)}
        />
        <div className="mt-8 flex min-h-6 items-center justify-between gap-4">
          <p role="status" className="font-semibold text-slate-700">
            {parts.data ? (q ? copy.part.resultsFor(parts.data.total, q) : copy.part.results(parts.data.total)) : null}
          </p>
          {parts.isFetching && parts.data ? (
            <span className="loading loading-spinner loading-sm text-brand-700" aria-hidden="true" />
          ) : null}
        </div>
        <div className="mt-6">
          {parts.isPending ? (
            <GridSkeleton count={3} gridClassName={PART_GRID_CLASS} cardClassName="h-[30rem]" />
          ) : parts.isError ? (
            <SectionError onRetry={() => void parts.refetch()} message={copy.common.somethingWrong} />
          ) : parts.data.items.length === 0 ? (
            <div className="flex flex-col items-center rounded-2xl border border-dashed border-slate-300 bg-slate-50 px-6 py-16 text-center">
              <p className="text-xl font-bold text-slate-900">{copy.part.noResults}</p>
              {q || inStock ? (
                <Link to={paths.parts} className="btn btn-primary mt-6">
                  {copy.part.clearSearch}
                </Link>
              ) : null}
            </div>
          ) : (
            <div className={parts.isPlaceholderData ? 'opacity-60 transition-opacity' : 'transition-opacity'}>
              <PartGrid parts={parts.data.items} cardAction={addToCart} headingLevel={2} priorityCount={3} />
            </div>
          )}
        </div>
        <Pagination
          className="mt-12"
          page={page}
          totalPages={totalPages}
          onPageChange={(value) => update({ page: value }, false)}
        />
      </div>
    </>
  );
}
