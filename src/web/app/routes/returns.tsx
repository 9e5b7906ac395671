import { Navigate, useSearchParams } from 'react-router';
import * as copy from '#shared/copy';
import { type ReturnStatus, returnStatusValues } from '#shared/schemas/returns';
import { EmptyTitle, PagedList } from '../../components/paged-list';
import { Pagination } from '../../components/pagination';
import { useSession } from '../../features/auth/hooks/use-session';
import { DashboardPanel } from '../../features/dashboard/components/dashboard-panel';
import { useReturnsQuery } from '../../features/returns/api/returns';
import { ReturnsTable } from '../../features/returns/components/returns-table';
import { useListSearchParams } from '../../lib/use-list-search-params';

const RETURNS_PAGE_SIZE = 20;
const r = copy.returns;

/**
 * /dashboard/returns: the returns, newest first, 20 a page: a customer's own, a company admin's those
 * of their company, a shop admin's every one with a status filter (in the URL). Each opens its page.
 */
export default function ReturnsPage() {
  const [params, setParams] = useSearchParams();
  const { page, update, lastPageSearch } = useListSearchParams();
  const session = useSession();
  const isAdmin = session.status === 'signed-in' && session.isAdmin;
  // An unknown status in a hand-written URL shows every return rather than an error.
  const status = isAdmin ? returnStatusValues.find((value) => value === params.get('status')) : undefined;
  const returns = useReturnsQuery({ page, limit: RETURNS_PAGE_SIZE, status });

  const changeStatus = (next: ReturnStatus | undefined) => {
    const search = new URLSearchParams(params);
    if (next) search.set('status', next);
    else search.delete('status');
    search.delete('page');
    setParams(search);
  };

  const totalPages = returns.data ? Math.max(1, Math.ceil(returns.data.total / RETURNS_PAGE_SIZE)) : 1;
  if (returns.data && !returns.isPlaceholderData && page > totalPages) {
    return <Navigate replace to={{ search: lastPageSearch(totalPages) }} />;
  }

  return (
    <DashboardPanel
      title={r.title}
      aside={
        isAdmin ? (
          <label className="flex items-center gap-2 font-semibold text-slate-800">
            {r.statusFilter}
            <select
              className="select bg-white"
              value={status ?? ''}
              onChange={(event) => changeStatus(returnStatusValues.find((value) => value === event.target.value))}
            >
              <option value="">{r.allStatuses}</option>
              {returnStatusValues.map((value) => (
                <option key={value} value={value}>
                  {r.statusLabels[value]}
                </option>
              ))}
            </select>
          </label>
        ) : null
      }
    >
      <PagedList
        query={returns}
        total={(data) => (data.total > 0 ? r.total(data.total) : null)}
        empty={
          status ? (
            <EmptyTitle>{r.emptyFiltered}</EmptyTitle>
          ) : (
            <>
              <EmptyTitle>{r.empty}</EmptyTitle>
              <p className="mt-2 max-w-md text-slate-600">{r.emptyText}</p>
            </>
          )
        }
      >
        {(data) => <ReturnsTable returns={data.items} />}
      </PagedList>
      <Pagination className="mt-8" page={page} totalPages={totalPages} onPageChange={(value) => update({ page: value })} />
    </DashboardPanel>
  );
}
