import { Link, Navigate, useSearchParams } from 'react-router';
import * as copy from '#shared/copy';
import { paths } from '#shared/paths';
import type { OrderStatus } from '#shared/schemas/orders';
import { EmptyTitle, PagedList } from '../../components/paged-list';
import { Pagination } from '../../components/pagination';
import { DashboardPanel } from '../../features/dashboard/components/dashboard-panel';
import { useAllOrdersQuery } from '../../features/orders/api/get-all-orders';
import { OrdersCsvLink, OrderStatusSelect, isOrderStatus } from '../../features/orders/components/admin-orders-filter';
import { OrderFilters } from '../../features/orders/components/order-filters';
import { OrdersTable } from '../../features/orders/components/orders-table';
import { RecordPaymentForm } from '../../features/statement/components/record-payment-form';
import { type OrderFilterValues, isFiltered, orderFiltersIn, withOrderFilters } from '../../features/orders/lib/order-filters';
import { useListSearchParams } from '../../lib/use-list-search-params';

const ORDERS_PAGE_SIZE = 20;

/**
 * /dashboard/manageOrders (admin): every order, newest first, 20 a page, filtered by status, found by
 * order or invoice number and by booking days; all of it lives in the URL
 * (`?status=paid&q=&from=2026-01-01&to=2026-03-31&page=2`). The CSV download takes the status and
 * the days shown.
 */
export default function ManageOrdersPage() {
  const [params, setParams] = useSearchParams();
  const { page, update, lastPageSearch } = useListSearchParams();
  const statusParam = params.get('status');
  // An unknown status in a hand-written URL shows every order rather than an error.
  const status = isOrderStatus(statusParam) ? statusParam : undefined;
  const filters = orderFiltersIn(params);
  const orders = useAllOrdersQuery({ status, ...filters, page, limit: ORDERS_PAGE_SIZE });

  /** Another status starts again at page 1. */
  const changeStatus = (next: OrderStatus | undefined) => {
    const search = new URLSearchParams(params);
    if (next) search.set('status', next);
    else search.delete('status');
    search.delete('page');
    setParams(search);
  };
  const changeFilters = (next: OrderFilterValues) => setParams(withOrderFilters(params, next));

  const totalPages = orders.data ? Math.max(1, Math.ceil(orders.data.total / ORDERS_PAGE_SIZE)) : 1;
  // After the last order of the last page moved to another status, that page no longer exists.
  if (orders.data && !orders.isPlaceholderData && page > totalPages) {
    return <Navigate replace to={{ search: lastPageSearch(totalPages) }} />;
  }

  return (
    <DashboardPanel title={copy.dashboard.manageOrders}>
      {/* Money received by transfer against an invoice on account, found by the invoice's number. */}
      <RecordPaymentForm />
      <OrderFilters
        applied={filters}
        onApply={changeFilters}
        before={<OrderStatusSelect status={status} onStatusChange={changeStatus} />}
        after={<OrdersCsvLink status={status} from={filters.from} to={filters.to} />}
      />
      <PagedList
        query={orders}
        total={(data) => copy.manageOrders.total(data.total)}
        empty={
          isFiltered(filters) ? (
            <>
              <EmptyTitle>{copy.orders.emptySearch}</EmptyTitle>
              <p className="mt-2 max-w-md text-slate-600">{copy.orders.emptySearchText}</p>
              <button type="button" className="btn btn-primary mt-6" onClick={() => changeFilters({})}>
                {copy.orders.clearSearch}
              </button>
            </>
          ) : (
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
          )
        }
      >
        {(data) => <OrdersTable view="admin" orders={data.items} offset={(page - 1) * ORDERS_PAGE_SIZE} />}
      </PagedList>
      <Pagination className="mt-8" page={page} totalPages={totalPages} onPageChange={(value) => update({ page: value })} />
    </DashboardPanel>
  );
}
