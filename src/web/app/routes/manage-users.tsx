import { Link, Navigate } from 'react-router';
import * as copy from '#shared/copy';
import { paths } from '#shared/paths';
import { EmptyTitle, PagedList } from '../../components/paged-list';
import { Pagination } from '../../components/pagination';
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
      <PagedList
        query={users}
        total={(data) => copy.users.total(data.total)}
        empty={
          <>
            <EmptyTitle>{copy.users.empty}</EmptyTitle>
            {q ? (
              <Link to={paths.manageUser} className="btn btn-primary mt-6">
                {copy.users.clearSearch}
              </Link>
            ) : null}
          </>
        }
      >
        {(data) => <UsersTable users={data.items} offset={(page - 1) * USERS_PAGE_SIZE} currentUserId={session.user.id} />}
      </PagedList>
      <Pagination className="mt-8" page={page} totalPages={totalPages} onPageChange={(value) => update({ page: value })} />
    </DashboardPanel>
  );
}
