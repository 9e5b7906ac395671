import * as copy from '#shared/copy';
import { ApiKeysOverview } from '../../features/api-keys/components/api-keys-overview';
import { DashboardPanel } from '../../features/dashboard/components/dashboard-panel';

/** /dashboard/api-keys (company admins and shop admins): the keys their systems call the shop with. */
export default function ApiKeysPage() {
  return (
    <DashboardPanel title={copy.apiKeys.title}>
      <ApiKeysOverview />
    </DashboardPanel>
  );
}
