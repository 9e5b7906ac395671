import * as copy from '#shared/copy';
import { useSession } from '../../features/auth/hooks/use-session';
import { DashboardPanel } from '../../features/dashboard/components/dashboard-panel';
import { WebhooksOverview } from '../../features/webhooks/components/webhooks-overview';

/** /dashboard/webhooks (company admins and shop admins): the addresses told of what happens in the shop. */
export default function WebhooksPage() {
  const session = useSession();
  const isShopAdmin = session.status === 'signed-in' && session.isAdmin;
  return (
    <DashboardPanel title={copy.webhooks.title}>
      <WebhooksOverview isShopAdmin={isShopAdmin} />
    </DashboardPanel>
  );
}
