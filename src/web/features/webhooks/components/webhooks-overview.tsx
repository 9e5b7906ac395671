import { type FormEvent, useId, useState } from 'react';
import { Link } from 'react-router';
import * as copy from '#shared/copy';
import { paths } from '#shared/paths';
import {
  type CreatedWebhook,
  createWebhookInputSchema,
  MAX_WEBHOOK_URL,
  shopOnlyWebhookEvents,
  type Webhook,
  type WebhookEventType,
  webhookEventTypeValues,
} from '#shared/schemas/webhooks';
import { FormError, InputField } from '../../../components/form-field';
import { SecretIssuingScreen } from '../../../components/secret-issuing-screen';
import { ListLoadError } from '../../../components/empty-note';
import { Spinner } from '../../../components/spinner';
import { ApiError } from '../../../lib/api-client';
import { firstErrorPerField, issuePairs } from '../../../lib/field-errors';
import { formatDate } from '../../../lib/format-date';
import { useCreateWebhookMutation } from '../api/create-webhook';
import { useWebhooksQuery } from '../api/get-webhooks';
import { useRemoveWebhookMutation } from '../api/remove-webhook';

const s = copy.webhooks;

const FIELDS = ['url', 'events'] as const;
type FieldErrors = Partial<Record<(typeof FIELDS)[number], string>>;

/** The events an admin may choose: the shop's own webhooks also hear about stock. */
export function eventsFor(isShopAdmin: boolean): readonly WebhookEventType[] {
  return isShopAdmin ? webhookEventTypeValues : webhookEventTypeValues.filter((event) => !shopOnlyWebhookEvents.includes(event));
}

/** Address and events of a new webhook; checked here and again by the server, each error next to its field. */
function AddWebhookForm({ isShopAdmin, onCreated }: { isShopAdmin: boolean; onCreated: (created: CreatedWebhook) => void }) {
  const [url, setUrl] = useState('');
  const [events, setEvents] = useState<WebhookEventType[]>([]);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [refusal, setRefusal] = useState<string>();
  const create = useCreateWebhookMutation();
  const eventsErrorId = useId();

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setRefusal(undefined);
    const checked = createWebhookInputSchema.safeParse({ url, events });
    if (!checked.success) {
      setErrors(firstErrorPerField(issuePairs(checked.error.issues), FIELDS, 'events'));
      return;
    }
    setErrors({});
    create.mutate(checked.data, {
      onSuccess: (created) => {
        setUrl('');
        setEvents([]);
        onCreated(created);
      },
      onError: (failure) => {
        if (!(failure instanceof ApiError) || failure.isServerFault) return;
        const onFields = firstErrorPerField(Object.entries(failure.fieldErrors), FIELDS);
        if (Object.keys(onFields).length > 0) setErrors(onFields);
        else setRefusal(failure.message);
      },
    });
  };

  return (
    <form noValidate onSubmit={submit} className="grid gap-4">
      <InputField
        label={s.url}
        hint={s.urlHint}
        type="url"
        inputMode="url"
        autoComplete="off"
        spellCheck={false}
        placeholder="https://"
        maxLength={MAX_WEBHOOK_URL + 20}
        value={url}
        error={errors.url}
        className="w-full sm:max-w-xl"
        onChange={(event) => {
          setUrl(event.target.value);
          if (errors.url) setErrors({ ...errors, url: undefined });
        }}
      />
      <fieldset aria-describedby={errors.events ? eventsErrorId : undefined}>
        <legend className="mb-2 font-semibold text-slate-900">{s.events}</legend>
        <div className="grid gap-2">
          {eventsFor(isShopAdmin).map((type) => (
            <label key={type} className="flex cursor-pointer items-start gap-3 text-slate-800">
              <input
                type="checkbox"
                className="checkbox mt-0.5"
                checked={events.includes(type)}
                aria-invalid={errors.events ? true : undefined}
                onChange={(event) => {
                  setEvents(event.target.checked ? [...events, type] : events.filter((each) => each !== type));
                  if (errors.events) setErrors({ ...errors, events: undefined });
                }}
              />
              {s.eventLabels[type]}
            </label>
          ))}
        </div>
        {errors.events ? (
          <p id={eventsErrorId} className="mt-1.5 text-sm font-semibold text-red-700">
            {errors.events}
          </p>
        ) : null}
      </fieldset>
      <div>
        <button type="submit" className="btn btn-primary btn-lg w-full sm:w-auto" disabled={create.isPending}>
          {create.isPending ? <span className="loading loading-spinner loading-sm" aria-hidden="true" /> : null}
          {create.isPending ? s.adding : s.add}
        </button>
      </div>
      <FormError message={refusal} />
    </form>
  );
}

/** An event as a short badge: its name as the API and the receiver see it. */
function EventBadge({ type }: { type: WebhookEventType }) {
  return <span className="badge badge-sm border-0 bg-slate-100 font-mono font-semibold text-slate-800">{type}</span>;
}

function WebhookRow({ webhook, onRemove }: { webhook: Webhook; onRemove: () => void }) {
  return (
    <li
      className="flex flex-col gap-3 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:flex-row sm:items-center sm:gap-6 sm:px-5"
      data-testid="webhook"
    >
      <div className="min-w-0 flex-1">
        <p className="font-mono text-sm font-bold break-all text-slate-900">{webhook.url}</p>
        <ul className="mt-2 flex flex-wrap gap-1.5" aria-label={s.events}>
          {webhook.events.map((type) => (
            <li key={type}>
              <EventBadge type={type} />
            </li>
          ))}
        </ul>
        <p className="mt-2 text-sm text-slate-700">
          <span className="font-semibold">{s.createdAt}</span>{' '}
          <time dateTime={webhook.createdAt}>{formatDate(webhook.createdAt)}</time>
        </p>
      </div>
      <div className="flex flex-wrap gap-2">
        <Link to={paths.webhookDeliveries(webhook.id)} className="btn btn-outline" aria-label={s.openDeliveries(webhook.url)}>
          {s.deliveries}
        </Link>
        <button type="button" className="btn btn-outline btn-error" onClick={onRemove} aria-label={s.removeLabel(webhook.url)}>
          {s.remove}
        </button>
      </div>
    </li>
  );
}

/**
 * Webhooks (docs/connect.md, "Webhooks"): the live webhooks of the admin's company or of the shop,
 * each with its events and a way to its deliveries; adding one shows its signing secret once;
 * removing asks first.
 */
export function WebhooksOverview({ isShopAdmin }: { isShopAdmin: boolean }) {
  const webhooks = useWebhooksQuery();
  const remove = useRemoveWebhookMutation();
  const [created, setCreated] = useState<CreatedWebhook>();

  if (webhooks.isPending) return <Spinner className="py-10" />;
  if (webhooks.isError) return <ListLoadError error={webhooks.error} onRetry={() => void webhooks.refetch()} />;
  return (
    <SecretIssuingScreen
      intro={s.intro}
      secretWords={s}
      issued={
        created && {
          secret: created.secret,
          of: created.url,
          testId: 'webhook-secret',
          onDone: () => setCreated(undefined),
        }
      }
      listTitle={s.listCaption}
      empty={s.empty}
      items={webhooks.data.items}
      listTestId="webhooks"
      renderItem={(webhook, askToRemove) => <WebhookRow key={webhook.id} webhook={webhook} onRemove={askToRemove} />}
      formTitle={s.add}
      form={<AddWebhookForm isShopAdmin={isShopAdmin} onCreated={setCreated} />}
      removal={{
        question: s.removeConfirm,
        confirmLabel: s.removeYes,
        cancelLabel: s.keep,
        pending: remove.isPending,
        remove: (webhook, settled) => remove.mutate(webhook.id, { onSettled: settled }),
      }}
    />
  );
}
