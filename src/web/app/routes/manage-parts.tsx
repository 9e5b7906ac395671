import { Link, Navigate } from 'react-router';
import * as copy from '#shared/copy';
import { paths } from '#shared/paths';
import { EmptyTitle, PagedList } from '../../components/paged-list';
import { Pagination } from '../../components/pagination';
import { DashboardPanel } from '../../features/dashboard/components/dashboard-panel';
import { usePartsQuery } from '../../features/parts/api/get-parts';
import { SearchBox } from '../../components/search-box';
import { useListSearchParams } from '../../lib/use-list-search-params';
import { PartsTable } from '../../features/parts/components/parts-table';
import { FitmentRows } from '../../features/vehicles/components/fitment-rows';

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
      <PagedList
        query={parts}
        total={(data) => copy.partsAdmin.total(data.total)}
        empty={
          <>
            <EmptyTitle>{copy.partsAdmin.empty}</EmptyTitle>
            {q ? (
              <Link to={paths.manageParts} className="btn btn-primary mt-6">
                {copy.partsAdmin.clearSearch}
              </Link>
            ) : null}
          </>
        }
      >
        {(data) => (
          <PartsTable
            parts={data.items}
            offset={(page - 1) * PARTS_PAGE_SIZE}
            fitmentsField={(field) => <FitmentRows {...field} />}
          />
        )}
      </PagedList>
      <Pagination className="mt-8" page={page} totalPages={totalPages} onPageChange={(value) => update({ page: value })} />
    </DashboardPanel>
  );
}
