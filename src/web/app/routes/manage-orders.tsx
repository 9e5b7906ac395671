import { Link, Navigate, useSearchParams } from 'react-router';
import * as copy from '#shared/copy';
import { paths } from '#shared/paths';
import type { OrderStatus } from '#shared/schemas/orders';
import { EmptyTitle, PagedList } from '../../components/paged-list';
import { Pagination } from '../../components/pagination';
import { DashboardPanel } from '../../features/dashboard/components/dashboard-panel';
import { useAllOrdersQuery } from '../../features/orders/api/get-all-orders';
import { AdminOrdersFilter, isOrderStatus } from '../../features/orders/components/admin-orders-filter';
import { AdminOrdersTable } from '../../features/orders/components/admin-orders-table';
import { useListSearchParams } from '../../lib/use-list-search-params';

const ORDERS_PAGE_SIZE = 20;

/**
 * /dashboard/manageOrders (admin): every order, newest first, 20 a page, filtered by status; the
 * status and the page live in the URL (`?status=paid&page=2`).
 */
export default function ManageOrdersPage() {
  const [params, setParams] = useSearchParams();
  const { page, update, lastPageSearch } = useListSearchParams();
  const statusParam = params.get('status');
  // An unknown status in a hand-written URL shows every order rather than an error.
  const status = isOrderStatus(statusParam) ? statusParam : undefined;
  const orders = useAllOrdersQuery({ status, page, limit: ORDERS_PAGE_SIZE });

  /** Another status starts again at page 1. */
  const changeStatus = (next: OrderStatus | undefined) => {
    const search = new URLSearchParams(params);
    if (next) search.set('status', next);
    else search.delete('status');
    search.delete('page');
    setParams(search);
  };

  const totalPages = orders.data ? Math.max(1, Math.ceil(orders.data.total / ORDERS_PAGE_SIZE)) : 1;
  // After the last order of the last page moved to another status, that page no longer exists.
  if (orders.data && !orders.isPlaceholderData && page > totalPages) {
    return <Navigate replace to={{ search: lastPageSearch(totalPages) }} />;
  }

  return (
    <DashboardPanel title={copy.dashboard.manageOrders}>
      <div className="mb-6">
        <AdminOrdersFilter status={status} onStatusChange={changeStatus} />
      </div>
      <PagedList
        query={orders}
        total={(data) => copy.manageOrders.total(data.total)}
        empty={
          <>
            <EmptyTitle>
              {status ? copy.manageOrders.emptyFiltered(copy.manageOrders.statuses[status]) : copy.manageOrders.empty}
            </EmptyTitle>
            {status ? (
              <Link to={paths.manageOrders} className="btn btn-primary mt-6">
                {copy.manageOrders.showAll}
              </Link>
            ) : null}
          </>
        }
      >
        {(data) => <AdminOrdersTable orders={data.items} offset={(page - 1) * ORDERS_PAGE_SIZE} />}
      </PagedList>
      <Pagination className="mt-8" page={page} totalPages={totalPages} onPageChange={(value) => update({ page: value })} />
    </DashboardPanel>
  );
}
