import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import * as copy from '#shared/copy';
import { formatMoney } from '#shared/money';
import { NotFoundView } from '../../components/not-found-view';
import { SectionError } from '../../components/section-error';
import { Spinner } from '../../components/spinner';
import { useSession } from '../../features/auth/hooks/use-session';
import { DashboardPanel } from '../../features/dashboard/components/dashboard-panel';
import { CreditNoteLink } from '../../features/orders/components/invoice-link';
import { useReturnQuery } from '../../features/returns/api/returns';
import { ReturnDetail } from '../../features/returns/components/return-detail';
import { settingsQueryOptions } from '../../features/settings/api/get-settings';
import { ApiError } from '../../lib/api-client';

/**
 * /dashboard/returns/:id: one return, for whoever asked for it, the order's buyer, a company admin of its
 * company, or a shop admin, who moves it on from here. Anyone else is told it does not exist (404).
 */
export default function ReturnDetailPage() {
  const { id = '' } = useParams();
  const ret = useReturnQuery(id);
  const session = useSession();
  const isAdmin = session.status === 'signed-in' && session.isAdmin;
  const currency = useQuery(settingsQueryOptions()).data?.currency;
  const title = ret.data ? copy.returns.detailTitle(ret.data.number) : copy.returns.title;

  if (ret.error instanceof ApiError && ret.error.status === 404) return <NotFoundView />;
  return (
    <DashboardPanel title={title}>
      {ret.isPending ? (
        <Spinner />
      ) : ret.isError ? (
        <SectionError onRetry={() => void ret.refetch()} message={copy.common.somethingWrong} />
      ) : (
        <ReturnDetail
          ret={ret.data}
          isAdmin={isAdmin}
          money={(cents) => formatMoney(cents, currency)}
          creditNoteLink={(number) => <CreditNoteLink number={number} />}
        />
      )}
    </DashboardPanel>
  );
}
