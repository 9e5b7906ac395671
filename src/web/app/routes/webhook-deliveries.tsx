import { useParams } from 'react-router';
import * as copy from '#shared/copy';
import { NotFoundView } from '../../components/not-found-view';
import { DashboardPanel } from '../../features/dashboard/components/dashboard-panel';
import { useWebhookDeliveries, WebhookDeliveriesView } from '../../features/webhooks/components/webhook-deliveries-view';
import { ApiError } from '../../lib/api-client';

/**
 * /dashboard/webhooks/:id: one webhook's latest deliveries, for the admins of its company or the shop's.
 * Anyone else is told it does not exist (404), as is a webhook since removed.
 */
export default function WebhookDeliveriesPage() {
  const { id = '' } = useParams();
  const { deliveries, missing } = useWebhookDeliveries(id);
  const notFound = deliveries.error instanceof ApiError && (deliveries.error.status === 404 || deliveries.error.status === 400);
  if (notFound || missing) return <NotFoundView />;
  return (
    <DashboardPanel title={copy.webhooks.deliveries}>
      <WebhookDeliveriesView id={id} />
    </DashboardPanel>
  );
}
