import { Link, Navigate } from 'react-router';
import { copy } from '#shared/copy';
import { paths } from '#shared/paths';
import { Pagination } from '../../components/pagination';
import { SectionError } from '../../components/section-error';
import { Spinner } from '../../components/spinner';
import { useSession } from '../../features/auth/hooks/use-session';
import { DashboardPanel } from '../../features/dashboard/components/dashboard-panel';
import { useUsersQuery } from '../../features/users/api/get-users';
import { SearchBox } from '../../components/search-box';
import { useListSearchParams } from '../../lib/use-list-search-params';
import { UsersTable } from '../../features/users/components/users-table';

const USERS_PAGE_SIZE = 20;

/** /dashboard/manageUser (admin): every account, 20 a page, searchable; page and search live in the URL. */
export default function ManageUsersPage() {
  const session = useSession();
  const { q, page, update, lastPageSearch } = useListSearchParams();
  const users = useUsersQuery({ q: q || undefined, page, limit: USERS_PAGE_SIZE });

  const totalPages = users.data ? Math.max(1, Math.ceil(users.data.total / USERS_PAGE_SIZE)) : 1;
  // After removing the last user of the last page, that page no longer exists.
  if (users.data && !users.isPlaceholderData && page > totalPages) {
    return <Navigate replace to={{ search: lastPageSearch(totalPages) }} />;
  }
  if (session.status !== 'signed-in') return null;

  return (
    <DashboardPanel
      title={copy.dashboard.manageUser}
      aside={
        <SearchBox
          q={q}
          onSearch={(text) => update({ q: text })}
          label={copy.users.searchLabel}
          placeholder={copy.users.searchPlaceholder}
          submitLabel={copy.users.searchSubmit}
        />
      }
    >
      <div className="mb-4 flex min-h-6 items-center justify-between gap-4">
        <p role="status" className="font-semibold text-slate-700">
          {users.data ? copy.users.total(users.data.total) : null}
        </p>
        {users.isFetching && users.data ? (
          <span className="loading loading-spinner loading-sm text-brand-700" aria-hidden="true" />
        ) : null}
      </div>
      {users.isPending ? (
        <Spinner />
      ) : users.isError ? (
        <SectionError onRetry={() => void users.refetch()} message={copy.common.somethingWrong} />
      ) : users.data.items.length === 0 ? (
        <div className="flex flex-col items-center rounded-2xl border border-dashed border-slate-300 bg-white px-6 py-12 text-center">
          <p className="text-lg font-bold text-slate-900">{copy.users.empty}</p>
          {q ? (
            <Link to={paths.manageUser} className="btn btn-primary mt-6">
              {copy.users.clearSearch}
            </Link>
          ) : null}
        </div>
      ) : (
        <div className={users.isPlaceholderData ? 'opacity-60 transition-opacity' : 'transition-opacity'}>
          <UsersTable users={users.data.items} offset={(page - 1) * USERS_PAGE_SIZE} currentUserId={session.user.id} />
        </div>
      )}
      <Pagination className="mt-8" page={page} totalPages={totalPages} onPageChange={(value) => update({ page: value })} />
    </DashboardPanel>
  );
}
