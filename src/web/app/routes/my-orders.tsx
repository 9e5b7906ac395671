import { Link, Navigate, useSearchParams } from 'react-router';
import * as copy from '#shared/copy';
import { paths } from '#shared/paths';
import { isMyOrdersView, type MyOrdersView } from '#shared/schemas/orders';
import { EmptyTitle, PagedList } from '../../components/paged-list';
import { Pagination } from '../../components/pagination';
import { DashboardPanel } from '../../features/dashboard/components/dashboard-panel';
import { useMyOrdersQuery } from '../../features/orders/api/get-my-orders';
import { MyOrdersFilter } from '../../features/orders/components/my-orders-filter';
import { MyOrdersTable } from '../../features/orders/components/my-orders-table';
import { useListSearchParams } from '../../lib/use-list-search-params';

const ORDERS_PAGE_SIZE = 20;

/**
 * /dashboard (signed in, admins too: they can book like a customer): the user's own orders, newest
 * first, 20 a page. The open ones by default; `?view=cancelled` (or `all`) shows the cancelled ones
 * with who cancelled them. The view and the page live in the URL.
 */
export default function MyOrdersPage() {
  const [params, setParams] = useSearchParams();
  const { page, update, lastPageSearch } = useListSearchParams();
  const viewParam = params.get('view');
  // An unknown view in a hand-written URL shows the open orders rather than an error.
  const view: MyOrdersView = isMyOrdersView(viewParam) ? viewParam : 'open';
  const orders = useMyOrdersQuery({ view, page, limit: ORDERS_PAGE_SIZE });

  /** Another view starts again at page 1; the default one is left out of the URL. */
  const changeView = (next: MyOrdersView) => {
    const search = new URLSearchParams(params);
    if (next === 'open') search.delete('view');
    else search.set('view', next);
    search.delete('page');
    setParams(search);
  };

  const totalPages = orders.data ? Math.max(1, Math.ceil(orders.data.total / ORDERS_PAGE_SIZE)) : 1;
  // After cancelling the last order of the last page, that page no longer exists.
  if (orders.data && !orders.isPlaceholderData && page > totalPages) {
    return <Navigate replace to={{ search: lastPageSearch(totalPages) }} />;
  }

  return (
    <DashboardPanel title={copy.dashboard.myOrders} aside={<MyOrdersFilter view={view} onViewChange={changeView} />}>
      <PagedList
        query={orders}
        total={(data) => (data.total > 0 ? copy.orders.total(data.total) : null)}
        empty={
          view === 'cancelled' ? (
            <EmptyTitle>{copy.orders.emptyCancelled}</EmptyTitle>
          ) : (
            <>
              <EmptyTitle>{copy.orders.empty}</EmptyTitle>
              <p className="mt-2 max-w-md text-slate-600">{copy.orders.emptyText}</p>
              <Link to={paths.parts} className="btn btn-primary mt-6">
                {copy.orders.browseParts}
              </Link>
            </>
          )
        }
      >
        {(data) => <MyOrdersTable orders={data.items} offset={(page - 1) * ORDERS_PAGE_SIZE} />}
      </PagedList>
      <Pagination className="mt-8" page={page} totalPages={totalPages} onPageChange={(value) => update({ page: value })} />
    </DashboardPanel>
  );
}
