import { Link, Navigate } from 'react-router';
import { copy } from '#shared/copy';
import { paths } from '#shared/paths';
import { Pagination } from '../../components/pagination';
import { SectionError } from '../../components/section-error';
import { Spinner } from '../../components/spinner';
import { DashboardPanel } from '../../features/dashboard/components/dashboard-panel';
import { usePartsQuery } from '../../features/parts/api/get-parts';
import { SearchBox } from '../../components/search-box';
import { useListSearchParams } from '../../lib/use-list-search-params';
import { PartsTable } from '../../features/parts/components/parts-table';

const PARTS_PAGE_SIZE = 20;

/** /dashboard/manageParts (admin): every part, newest first, 20 a page, searchable; page and search live in the URL. */
export default function ManagePartsPage() {
  const { q, page, update, lastPageSearch } = useListSearchParams();
  const parts = usePartsQuery({ q: q || undefined, sort: 'newest', page, limit: PARTS_PAGE_SIZE });

  const totalPages = parts.data ? Math.max(1, Math.ceil(parts.data.total / PARTS_PAGE_SIZE)) : 1;
  // After deleting the last part of the last page, that page no longer exists.
  if (parts.data && !parts.isPlaceholderData && page > totalPages) {
    return <Navigate replace to={{ search: lastPageSearch(totalPages) }} />;
  }

  return (
    <DashboardPanel
      title={copy.dashboard.manageParts}
      aside={
        <SearchBox
          q={q}
          onSearch={(text) => update({ q: text })}
          label={copy.part.searchLabel}
          placeholder={copy.partsAdmin.searchPlaceholder}
          submitLabel={copy.part.searchSubmit}
        />
      }
    >
      <div className="mb-4 flex min-h-6 items-center justify-between gap-4">
        <p role="status" className="font-semibold text-slate-700">
          {parts.data ? copy.partsAdmin.total(parts.data.total) : null}
        </p>
        {parts.isFetching && parts.data ? (
          <span className="loading loading-spinner loading-sm text-brand-700" aria-hidden="true" />
        ) : null}
      </div>
      {parts.isPending ? (
        <Spinner />
      ) : parts.isError ? (
        <SectionError onRetry={() => void parts.refetch()} message={copy.common.somethingWrong} />
      ) : parts.data.items.length === 0 ? (
        <div className="flex flex-col items-center rounded-2xl border border-dashed border-slate-300 bg-white px-6 py-12 text-center">
          <p className="text-lg font-bold text-slate-900">{copy.partsAdmin.empty}</p>
          {q ? (
            <Link to={paths.manageParts} className="btn btn-primary mt-6">
              {copy.partsAdmin.clearSearch}
            </Link>
          ) : null}
        </div>
      ) : (
        <div className={parts.isPlaceholderData ? 'opacity-60 transition-opacity' : 'transition-opacity'}>
          <PartsTable parts={parts.data.items} offset={(page - 1) * PARTS_PAGE_SIZE} />
        </div>
      )}
      <Pagination className="mt-8" page={page} totalPages={totalPages} onPageChange={(value) => update({ page: value })} />
    </DashboardPanel>
  );
}
