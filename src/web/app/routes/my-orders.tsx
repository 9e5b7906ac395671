import { Link, Navigate } from 'react-router';
import { copy } from '#shared/copy';
import { paths } from '#shared/paths';
import { EmptyTitle, PagedList } from '../../components/paged-list';
import { Pagination } from '../../components/pagination';
import { DashboardPanel } from '../../features/dashboard/components/dashboard-panel';
import { useMyOrdersQuery } from '../../features/orders/api/get-my-orders';
import { MyOrdersTable } from '../../features/orders/components/my-orders-table';
import { useListSearchParams } from '../../lib/use-list-search-params';

const ORDERS_PAGE_SIZE = 20;

/**
 * /dashboard (signed in, admins too: they can book like a customer): the user's own orders, newest
 * first, 20 a page; the page lives in the URL. Cancelled orders are not listed (the server leaves them out).
 */
export default function MyOrdersPage() {
  const { page, update, lastPageSearch } = useListSearchParams();
  const orders = useMyOrdersQuery({ page, limit: ORDERS_PAGE_SIZE });

  const totalPages = orders.data ? Math.max(1, Math.ceil(orders.data.total / ORDERS_PAGE_SIZE)) : 1;
  // After cancelling the last order of the last page, that page no longer exists.
  if (orders.data && !orders.isPlaceholderData && page > totalPages) {
    return <Navigate replace to={{ search: lastPageSearch(totalPages) }} />;
  }
  // Should an older server list cancelled orders, they still stay out of My Orders.
  const items = orders.data?.items.filter((order) => order.status !== 'cancelled') ?? [];

  return (
    <DashboardPanel title={copy.dashboard.myOrders}>
      <PagedList
        query={orders}
        total={(data) => (data.total > 0 ? copy.orders.total(data.total) : null)}
        isEmpty={() => items.length === 0}
        empty={
          <>
            <EmptyTitle>{copy.orders.empty}</EmptyTitle>
            <p className="mt-2 max-w-md text-slate-600">{copy.orders.emptyText}</p>
            <Link to={paths.parts} className="btn btn-primary mt-6">
              {copy.orders.browseParts}
            </Link>
          </>
        }
      >
        {() => <MyOrdersTable orders={items} offset={(page - 1) * ORDERS_PAGE_SIZE} />}
      </PagedList>
      <Pagination className="mt-8" page={page} totalPages={totalPages} onPageChange={(value) => update({ page: value })} />
    </DashboardPanel>
  );
}
