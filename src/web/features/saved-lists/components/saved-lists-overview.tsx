import { useId, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import * as copy from '#shared/copy';
import { paths } from '#shared/paths';
import { listNameSchema, MAX_COMPANY_LISTS } from '#shared/schemas/saved-lists';
import { FormError, InputField } from '../../../components/form-field';
import { SectionError } from '../../../components/section-error';
import { Spinner } from '../../../components/spinner';
import { ApiError } from '../../../lib/api-client';
import { formatDate } from '../../../lib/format-date';
import { useCreateSavedListMutation } from '../api/create-saved-list';
import { useSavedListsQuery } from '../api/get-saved-lists';

const s = copy.savedLists;

/** A refusal the page shows in place of the lists: someone in no approved company (403). */
export function NotForYou({ message }: { message: string }) {
  return (
    <p className="rounded-2xl border border-dashed border-slate-300 bg-white px-6 py-10 text-center font-semibold text-slate-700">
      {message}
    </p>
  );
}

/** Names a new, empty list and opens it; the name's rules are checked here and again by the server. */
function NewListForm({ full }: { full: boolean }) {
  const [name, setName] = useState('');
  const [error, setError] = useState<string>();
  const [refusal, setRefusal] = useState<string>();
  const create = useCreateSavedListMutation();
  const navigate = useNavigate();

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setRefusal(undefined);
    const checked = listNameSchema.safeParse(name);
    if (!checked.success) {
      setError(checked.error.issues[0]?.message);
      return;
    }
    setError(undefined);
    if (full) {
      setRefusal(s.tooManyLists(MAX_COMPANY_LISTS));
      return;
    }
    create.mutate(
      { name: checked.data },
      {
        onSuccess: (list) => void navigate(paths.savedList(list.id)),
        onError: (failure) => {
          if (!(failure instanceof ApiError) || failure.isServerFault) return;
          if (failure.fieldErrors.name) setError(failure.fieldErrors.name);
          else setRefusal(failure.message);
        },
      },
    );
  };

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-3 sm:flex-row sm:items-start">
      <InputField
        label={s.newListLabel}
        autoComplete="off"
        maxLength={120}
        value={name}
        error={error}
        className="w-full sm:max-w-sm"
        onChange={(event) => {
          setName(event.target.value);
          if (error) setError(undefined);
        }}
      />
      <div className="sm:pt-7">
        <button type="submit" className="btn btn-primary btn-lg w-full sm:w-auto" disabled={create.isPending}>
          {create.isPending ? <span className="loading loading-spinner loading-sm" aria-hidden="true" /> : null}
          {s.create}
        </button>
      </div>
      <FormError message={refusal} className="sm:pt-9" />
    </form>
  );
}

/**
 * Saved lists (docs/shop-rules.md, "Trade accounts"): the company's lists with how many parts each
 * has, when it last changed and who made it, each opening the list; and the form that starts a new one.
 */
export function SavedListsOverview() {
  const lists = useSavedListsQuery();
  const listTitleId = useId();
  const newTitleId = useId();

  if (lists.isPending) return <Spinner className="py-10" />;
  if (lists.isError) {
    const { error } = lists;
    if (error instanceof ApiError && error.status === 403) return <NotForYou message={error.message} />;
    return <SectionError onRetry={() => void lists.refetch()} message={copy.common.somethingWrong} />;
  }
  const items = lists.data.items;

  return (
    <>
      <p className="max-w-2xl text-slate-700">{s.intro}</p>
      <section aria-labelledby={listTitleId} className="mt-6">
        <h3 id={listTitleId} className="sr-only">
          {s.title}
        </h3>
        {items.length === 0 ? (
          <NotForYou message={s.empty} />
        ) : (
          <ul className="grid gap-3" data-testid="saved-lists">
            {items.map((list) => (
              <li
                key={list.id}
                className="flex flex-col gap-1 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:flex-row sm:items-center sm:gap-6 sm:px-5"
              >
                <Link
                  to={paths.savedList(list.id)}
                  className="link min-w-0 flex-1 text-lg font-bold break-words text-slate-900 no-underline hover:underline"
                  aria-label={s.open(list.name)}
                >
                  {list.name}
                </Link>
                <span className="text-slate-700 tabular-nums">{s.itemCount(list.itemCount)}</span>
                <span className="text-sm text-slate-600">
                  <span className="sr-only">{s.columns.updated}: </span>
                  {formatDate(list.updatedAt)}
                  {list.createdBy ? ` · ${list.createdBy.name}` : null}
                </span>
              </li>
            ))}
          </ul>
        )}
        {items.length > 0 ? (
          <p className="mt-3 text-sm text-slate-600" role="status">
            {s.count(items.length, MAX_COMPANY_LISTS)}
          </p>
        ) : null}
      </section>
      <section aria-labelledby={newTitleId} className="mt-8 rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200 sm:p-8">
        <h3 id={newTitleId} className="mb-4 text-lg font-bold text-slate-900">
          {s.create}
        </h3>
        <NewListForm full={items.length >= MAX_COMPANY_LISTS} />
      </section>
    </>
  );
}
