import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { Link, Navigate, useLocation, useSearchParams } from 'react-router';
import * as copy from '#shared/copy';
import { paths } from '#shared/paths';
import { isMyOrdersView, type MyOrdersView } from '#shared/schemas/orders';
import type { Return } from '#shared/schemas/returns';
import { EmptyTitle, PagedList } from '../../components/paged-list';
import { Pagination } from '../../components/pagination';
import { Spinner } from '../../components/spinner';
import { useSession } from '../../features/auth/hooks/use-session';
import { isApprovedCompany } from '../../features/companies/api/get-my-company';
import { DashboardPanel } from '../../features/dashboard/components/dashboard-panel';
import { useMyOrdersQuery } from '../../features/orders/api/get-my-orders';
import { MyOrdersFilter } from '../../features/orders/components/my-orders-filter';
import { OrderFilters } from '../../features/orders/components/order-filters';
import { OrdersTable } from '../../features/orders/components/orders-table';
import { useReturnsQuery } from '../../features/returns/api/returns';
import { OrderReturns, ReturnItemsLink } from '../../features/returns/components/order-returns';
import { isReturnable } from '../../features/returns/lib/returnable';
import { settingsQueryOptions } from '../../features/settings/api/get-settings';
import { type OrderFilterValues, isFiltered, orderFiltersIn, withOrderFilters } from '../../features/orders/lib/order-filters';
import { SaveAsList } from '../../features/saved-lists/components/save-as-list';
import { useListSearchParams } from '../../lib/use-list-search-params';

const ORDERS_PAGE_SIZE = 20;
/** The returns read with a page of orders: the newest, far more than a page of orders has. */
const RECENT_RETURNS = 100;

/**
 * No open order to show: the customer may still have cancelled (or expired) ones, so they are told
 * where those are instead of being told they have no orders at all.
 */
function NoOpenOrders() {
  const cancelled = useMyOrdersQuery({ view: 'cancelled', page: 1, limit: 1 });
  if (cancelled.isPending) return <Spinner className="py-2" />;
  const count = cancelled.data?.total ?? 0;
  if (count === 0) {
    return (
      <>
        <EmptyTitle>{copy.orders.empty}</EmptyTitle>
        <p className="mt-2 max-w-md text-slate-600">{copy.orders.emptyText}</p>
        <Link to={paths.parts} className="btn btn-primary mt-6">
          {copy.orders.browseParts}
        </Link>
      </>
    );
  }
  return (
    <>
      <EmptyTitle>{copy.orders.emptyOpen}</EmptyTitle>
      <p className="mt-2 max-w-md text-slate-600">{copy.orders.cancelledKept(count)}</p>
      <div className="mt-6 flex flex-wrap justify-center gap-3">
        <Link to={{ pathname: paths.dashboard, search: '?view=cancelled' }} className="btn btn-primary">
          {copy.orders.showCancelled}
        </Link>
        <Link to={paths.parts} className="btn btn-outline">
          {copy.orders.browseParts}
        </Link>
      </div>
    </>
  );
}

/**
 * /dashboard (signed in, admins too: they can book like a customer): the user's own orders, newest
 * first, 20 a page. The open ones by default; `?view=cancelled` (or `all`) shows the cancelled ones
 * with who cancelled them; `?q=` finds one by its order or invoice number, `?from=&to=` the orders
 * booked on those days. The view, the search and the page live in the URL. A company admin sees every
 * order of the company, who placed it, and approves or declines those waiting for them.
 */
export default function MyOrdersPage() {
  const [params, setParams] = useSearchParams();
  const { page, update, lastPageSearch } = useListSearchParams();
  const viewParam = params.get('view');
  // An unknown view in a hand-written URL shows the open orders rather than an error.
  const view: MyOrdersView = isMyOrdersView(viewParam) ? viewParam : 'open';
  const filters = orderFiltersIn(params);
  const orders = useMyOrdersQuery({ view, ...filters, page, limit: ORDERS_PAGE_SIZE });
  const session = useSession();
  const signedIn = session.status === 'signed-in';
  // The session lists the user's company with their role; an admin of the shop is in none.
  const company = signedIn && !session.isAdmin && isApprovedCompany(session.company) ? session.company : null;
  // On hold too: its admins still decide on the orders waiting (a card order can go ahead).
  const companyAdmin = company?.role === 'company_admin';
  // Saved lists are a company's: a member of an approved one saves an order's parts as a list.
  const listMember = company !== null;
  // What the cart said of an order placed on account or sent for approval, once, on arrival.
  const placedNotice = (useLocation().state as { placedNotice?: unknown } | null)?.placedNotice;

  /** Another view starts again at page 1; the default one is left out of the URL. */
  const changeView = (next: MyOrdersView) => {
    const search = new URLSearchParams(params);
    if (next === 'open') search.delete('view');
    else search.set('view', next);
    search.delete('page');
    setParams(search);
  };
  const changeFilters = (next: OrderFilterValues) => setParams(withOrderFilters(params, next));

  // Only a delivered order has returns, or can be returned: nothing is asked until the page shows one.
  const anyDelivered = orders.data?.items.some((order) => order.status === 'delivered') ?? false;
  const windows = useQuery({ ...settingsQueryOptions(), enabled: anyDelivered }).data;
  const returns = useReturnsQuery({ page: 1, limit: RECENT_RETURNS }, { enabled: anyDelivered });
  const returnsByOrder = useMemo(() => {
    const byOrder = new Map<string, Return[]>();
    for (const ret of returns.data?.items ?? []) byOrder.set(ret.orderId, [...(byOrder.get(ret.orderId) ?? []), ret]);
    return byOrder;
  }, [returns.data]);

  const totalPages = orders.data ? Math.max(1, Math.ceil(orders.data.total / ORDERS_PAGE_SIZE)) : 1;
  // After cancelling the last order of the last page, that page no longer exists.
  if (orders.data && !orders.isPlaceholderData && page > totalPages) {
    return <Navigate replace to={{ search: lastPageSearch(totalPages) }} />;
  }

  return (
    <DashboardPanel title={copy.dashboard.myOrders} aside={<MyOrdersFilter view={view} onViewChange={changeView} />}>
      {typeof placedNotice === 'string' ? (
        <p
          role="status"
          className="mb-6 rounded-lg bg-emerald-50 p-4 font-semibold text-emerald-900 ring-1 ring-emerald-200"
          data-testid="placed-notice"
        >
          {placedNotice}
        </p>
      ) : null}
      <OrderFilters applied={filters} onApply={changeFilters} />
      <PagedList
        query={orders}
        total={(data) => (data.total > 0 ? copy.orders.total(data.total) : null)}
        empty={
          isFiltered(filters) ? (
            <>
              <EmptyTitle>{copy.orders.emptySearch}</EmptyTitle>
              <p className="mt-2 max-w-md text-slate-600">{copy.orders.emptySearchText}</p>
              <button type="button" className="btn btn-primary mt-6" onClick={() => changeFilters({})}>
                {copy.orders.clearSearch}
              </button>
            </>
          ) : view === 'cancelled' ? (
            <EmptyTitle>{copy.orders.emptyCancelled}</EmptyTitle>
          ) : view === 'open' ? (
            <NoOpenOrders />
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
        {(data) => (
          <OrdersTable
            view="customer"
            orders={data.items}
            offset={(page - 1) * ORDERS_PAGE_SIZE}
            companyAdmin={companyAdmin}
            orderActions={(order) => (
              <>
                {listMember ? (
                  <SaveAsList
                    source={{ fromOrderId: order.id }}
                    label={copy.savedLists.saveOrderAsList(order.number)}
                    className="btn btn-sm btn-outline border-slate-300 bg-white text-slate-800 hover:bg-slate-50"
                  />
                ) : null}
                {windows && isReturnable(order, windows, new Date()) ? (
                  <ReturnItemsLink orderId={order.id} orderNumber={order.number} />
                ) : null}
                <OrderReturns returns={returnsByOrder.get(order.id)} />
              </>
            )}
          />
        )}
      </PagedList>
      <Pagination className="mt-8" page={page} totalPages={totalPages} onPageChange={(value) => update({ page: value })} />
    </DashboardPanel>
  );
}
