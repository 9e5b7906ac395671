import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import * as copy from '#shared/copy';
import { paths } from '#shared/paths';
import { NotFoundView } from '../../components/not-found-view';
import { SectionError } from '../../components/section-error';
import { Spinner } from '../../components/spinner';
import { DashboardPanel } from '../../features/dashboard/components/dashboard-panel';
import { useOrderQuery } from '../../features/orders/api/get-order';
import { useReturnsQuery } from '../../features/returns/api/returns';
import { ReturnForm } from '../../features/returns/components/return-form';
import { heldByReturns, isReturnable } from '../../features/returns/lib/returnable';
import { settingsQueryOptions } from '../../features/settings/api/get-settings';
import { ApiError } from '../../lib/api-client';
import { toast } from '../../lib/toast';

const r = copy.returns;
/** The most returns one order is read with: far more than an order ever has. */
const RETURNS_OF_ORDER = 100;

/**
 * /dashboard/returns/new?order=<id>: asks to return lines of one delivered order, from My Orders. What
 * the order's earlier returns hold is left out of each line's quantity; once sent, the return's page.
 */
export default function NewReturnPage() {
  const [params] = useSearchParams();
  const orderId = params.get('order') ?? '';
  const navigate = useNavigate();
  const order = useOrderQuery(orderId);
  const settings = useQuery(settingsQueryOptions());
  const returns = useReturnsQuery({ orderId, page: 1, limit: RETURNS_OF_ORDER }, { enabled: orderId !== '' });
  const held = useMemo(() => heldByReturns(returns.data?.items ?? []), [returns.data]);

  if (orderId === '' || (order.error instanceof ApiError && order.error.status === 404)) return <NotFoundView />;
  const failed = order.isError || settings.isError || returns.isError;
  const retry = () => void Promise.all([order.refetch(), settings.refetch(), returns.refetch()]);

  return (
    <DashboardPanel title={r.newTitle}>
      {failed ? (
        <SectionError onRetry={retry} message={copy.common.somethingWrong} />
      ) : !order.data || !settings.data || !returns.data ? (
        <Spinner />
      ) : !isReturnable(order.data, settings.data, new Date()) ? (
        <div className="rounded-2xl border border-dashed border-slate-300 bg-white px-6 py-10 text-center">
          <p className="text-slate-700" data-testid="not-returnable">
            {r.notReturnable}
          </p>
          <Link to={paths.dashboard} className="btn btn-primary mt-6">
            {r.cancel}
          </Link>
        </div>
      ) : (
        <ReturnForm
          order={order.data}
          held={held}
          windows={settings.data}
          onCancel={() => void navigate(paths.dashboard)}
          onSent={(sent) => {
            toast.success(r.sent(sent.number));
            void navigate(paths.returnDetail(sent.id));
          }}
        />
      )}
    </DashboardPanel>
  );
}
