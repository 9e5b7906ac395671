import { Link } from 'react-router';
import * as copy from '#shared/copy';
import { paths } from '#shared/paths';
import { EmptyTitle } from '../../../components/paged-list';
import { ListLoadError } from '../../../components/empty-note';
import { Spinner } from '../../../components/spinner';
import { useWebhookDeliveriesQuery } from '../api/get-webhook-deliveries';
import { useWebhooksQuery } from '../api/get-webhooks';
import { WebhookDeliveriesTable } from './webhook-deliveries';

const s = copy.webhooks;

/** A 404 from either query: the webhook is another company's, removed, or never was. */
export function useWebhookDeliveries(id: string) {
  const webhooks = useWebhooksQuery();
  const deliveries = useWebhookDeliveriesQuery(id);
  const webhook = webhooks.data?.items.find((each) => each.id === id);
  return { webhooks, deliveries, webhook, missing: webhooks.isSuccess && !webhook };
}

/** One webhook's address, a way back to the list, and its latest deliveries (or that none went yet). */
export function WebhookDeliveriesView({ id }: { id: string }) {
  const { webhooks, deliveries, webhook } = useWebhookDeliveries(id);

  return (
    <>
      <p>
        <Link to={paths.webhooks} className="link text-sky-800 hover:text-sky-950">
          {s.backToWebhooks}
        </Link>
      </p>
      {webhook ? (
        <p className="mt-4 text-slate-700">
          <span className="font-semibold">{s.deliveriesTo}</span>{' '}
          <span className="font-mono text-sm break-all text-slate-900" data-testid="webhook-url">
            {webhook.url}
          </span>
        </p>
      ) : null}
      <div className="mt-6">
        {deliveries.isPending || (webhooks.isPending && !deliveries.isError) ? (
          <Spinner className="py-10" />
        ) : deliveries.isError ? (
          <ListLoadError error={deliveries.error} onRetry={() => void deliveries.refetch()} />
        ) : deliveries.data.items.length === 0 ? (
          <div className="rounded-2xl border border-dashed border-slate-300 bg-white px-6 py-10 text-center">
            <EmptyTitle>{s.noDeliveries}</EmptyTitle>
            <p className="mx-auto mt-2 max-w-md text-slate-600">{s.noDeliveriesText}</p>
          </div>
        ) : (
          <WebhookDeliveriesTable webhookId={id} deliveries={deliveries.data.items} />
        )}
      </div>
    </>
  );
}
