import { useId, useState, type FormEvent } from 'react';
import * as copy from '#shared/copy';
import {
  type ApiKey,
  type ApiKeyScope,
  apiKeyScopeValues,
  createApiKeyInputSchema,
  type CreatedApiKey,
  MAX_API_KEY_NAME,
} from '#shared/schemas/api-keys';
import { FormError, InputField } from '../../../components/form-field';
import { SecretIssuingScreen } from '../../../components/secret-issuing-screen';
import { ListLoadError } from '../../../components/empty-note';
import { Spinner } from '../../../components/spinner';
import { ApiError } from '../../../lib/api-client';
import { firstErrorPerField, issuePairs } from '../../../lib/field-errors';
import { formatDate, formatTime } from '../../../lib/format-date';
import { useCreateApiKeyMutation } from '../api/create-api-key';
import { useApiKeysQuery } from '../api/get-api-keys';
import { useRevokeApiKeyMutation } from '../api/revoke-api-key';

const s = copy.apiKeys;

const FIELDS = ['name', 'scopes'] as const;
type FieldErrors = Partial<Record<(typeof FIELDS)[number], string>>;

/** Name and scopes of a new key; checked here and again by the server, each error next to its field. */
function CreateKeyForm({ onCreated }: { onCreated: (created: CreatedApiKey) => void }) {
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<ApiKeyScope[]>([]);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [refusal, setRefusal] = useState<string>();
  const create = useCreateApiKeyMutation();
  const scopesErrorId = useId();

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setRefusal(undefined);
    const checked = createApiKeyInputSchema.safeParse({ name, scopes });
    if (!checked.success) {
      setErrors(firstErrorPerField(issuePairs(checked.error.issues), FIELDS, 'scopes'));
      return;
    }
    setErrors({});
    create.mutate(checked.data, {
      onSuccess: (created) => {
        setName('');
        setScopes([]);
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
        label={s.name}
        autoComplete="off"
        maxLength={MAX_API_KEY_NAME + 20}
        value={name}
        error={errors.name}
        className="w-full sm:max-w-sm"
        onChange={(event) => {
          setName(event.target.value);
          if (errors.name) setErrors({ ...errors, name: undefined });
        }}
      />
      <fieldset aria-describedby={errors.scopes ? scopesErrorId : undefined}>
        <legend className="mb-2 font-semibold text-slate-900">{s.scopes}</legend>
        <div className="grid gap-2">
          {apiKeyScopeValues.map((scope) => (
            <label key={scope} className="flex cursor-pointer items-center gap-3 text-slate-800">
              <input
                type="checkbox"
                className="checkbox"
                checked={scopes.includes(scope)}
                aria-invalid={errors.scopes ? true : undefined}
                onChange={(event) => {
                  setScopes(event.target.checked ? [...scopes, scope] : scopes.filter((each) => each !== scope));
                  if (errors.scopes) setErrors({ ...errors, scopes: undefined });
                }}
              />
              {s.scopeLabels[scope]}
            </label>
          ))}
        </div>
        {errors.scopes ? (
          <p id={scopesErrorId} className="mt-1.5 text-sm font-semibold text-red-700">
            {errors.scopes}
          </p>
        ) : null}
      </fieldset>
      <div>
        <button type="submit" className="btn btn-primary btn-lg w-full sm:w-auto" disabled={create.isPending}>
          {create.isPending ? <span className="loading loading-spinner loading-sm" aria-hidden="true" /> : null}
          {create.isPending ? s.creating : s.create}
        </button>
      </div>
      <FormError message={refusal} />
    </form>
  );
}

function KeyRow({ apiKey, onRevoke }: { apiKey: ApiKey; onRevoke: () => void }) {
  return (
    <li className="flex flex-col gap-2 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:flex-row sm:items-center sm:gap-6 sm:px-5">
      <div className="min-w-0 flex-1">
        <p className="font-bold break-words text-slate-900">{apiKey.name}</p>
        <p className="font-mono text-sm text-slate-600">{apiKey.prefix}…</p>
        <p className="mt-1 text-sm text-slate-700">{apiKey.scopes.join(', ')}</p>
      </div>
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 text-sm text-slate-700">
        <dt className="font-semibold">{s.createdAt}</dt>
        <dd>{formatDate(apiKey.createdAt)}</dd>
        <dt className="font-semibold">{s.lastUsedAt}</dt>
        <dd>{apiKey.lastUsedAt ? `${formatDate(apiKey.lastUsedAt)} ${formatTime(apiKey.lastUsedAt)}` : s.neverUsed}</dd>
      </dl>
      <button type="button" className="btn btn-outline btn-error" onClick={onRevoke} aria-label={`${s.revoke}: ${apiKey.name}`}>
        {s.revoke}
      </button>
    </li>
  );
}

/**
 * API keys (docs/shop-rules.md, "API keys"): the live keys of the admin's company or of the shop, with
 * when each was last used; making one shows its secret once; revoking asks first.
 */
export function ApiKeysOverview() {
  const keys = useApiKeysQuery();
  const revoke = useRevokeApiKeyMutation();
  const [created, setCreated] = useState<CreatedApiKey>();

  if (keys.isPending) return <Spinner className="py-10" />;
  if (keys.isError) return <ListLoadError error={keys.error} onRetry={() => void keys.refetch()} />;
  return (
    <SecretIssuingScreen
      intro={s.intro}
      secretWords={s}
      issued={
        created && {
          secret: created.secret,
          of: created.name,
          testId: 'api-key-secret',
          onDone: () => setCreated(undefined),
        }
      }
      listTitle={s.title}
      empty={s.empty}
      items={keys.data.items}
      listTestId="api-keys"
      renderItem={(apiKey, askToRevoke) => <KeyRow key={apiKey.id} apiKey={apiKey} onRevoke={askToRevoke} />}
      formTitle={s.create}
      form={<CreateKeyForm onCreated={setCreated} />}
      removal={{
        question: s.revokeConfirm,
        confirmLabel: s.revokeYes,
        cancelLabel: s.keepKey,
        pending: revoke.isPending,
        remove: (apiKey, settled) => revoke.mutate(apiKey.id, { onSettled: settled }),
      }}
    />
  );
}
