import { useId, useRef, useState, type FormEvent } from 'react';
import * as copy from '#shared/copy';
import { paths } from '#shared/paths';
import { listNameSchema } from '#shared/schemas/saved-lists';
import { FormError, InputField } from '../../../components/form-field';
import { Modal } from '../../../components/modal';
import { ApiError } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { useCreateSavedListMutation } from '../api/create-saved-list';

const s = copy.savedLists;

/** Where the new list's parts come from: the caller's cart, or one of their orders. */
export type SaveAsListSource = { fromCart: true } | { fromOrderId: string };

interface SaveAsListProps {
  source: SaveAsListSource;
  /** The button's accessible name when several sit on one page ("Save order 12 as a list"). */
  label?: string;
  className?: string;
}

/**
 * "Save as list" on the cart and on an order (members of an approved company): a small dialog asks the
 * list's name, and the server copies the parts in. Its refusals (a name taken, an empty cart, the
 * company's last list) show in the dialog, next to the name when they are about it.
 */
export function SaveAsList({ source, label, className = 'btn btn-outline' }: SaveAsListProps) {
  const [open, setOpen] = useState(false);
  const [name, setName] = useState('');
  const [error, setError] = useState<string>();
  const [refusal, setRefusal] = useState<string>();
  const create = useCreateSavedListMutation();
  const titleId = useId();
  const opener = useRef<HTMLButtonElement>(null);

  const close = () => {
    setOpen(false);
    setError(undefined);
    setRefusal(undefined);
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setRefusal(undefined);
    const checked = listNameSchema.safeParse(name);
    if (!checked.success) {
      setError(checked.error.issues[0]?.message);
      return;
    }
    setError(undefined);
    create.mutate(
      { name: checked.data, ...source },
      {
        onSuccess: (list) => {
          toast.success(
            <span>
              {s.saved(list.name)} <a href={paths.savedList(list.id)}>{s.openSaved}</a>
            </span>,
          );
          setName('');
          close();
        },
        onError: (failure) => {
          if (!(failure instanceof ApiError) || failure.isServerFault) return;
          if (failure.fieldErrors.name) setError(failure.fieldErrors.name);
          else setRefusal(failure.message);
        },
      },
    );
  };

  return (
    <>
      <button
        ref={opener}
        type="button"
        className={className}
        aria-label={label}
        aria-haspopup="dialog"
        onClick={() => setOpen(true)}
      >
        {s.saveAsList}
      </button>
      <Modal open={open} onClose={close} labelledBy={titleId} finalFocus={opener} locked={create.isPending} className="max-w-md">
        <h2 id={titleId} className="text-xl font-bold text-slate-900">
          {s.saveAsListTitle}
        </h2>
        <p className="mt-1 text-slate-700">{s.saveAsListHint}</p>
        <form noValidate onSubmit={submit} className="mt-5 grid gap-4">
          <InputField
            label={s.renameLabel}
            autoComplete="off"
            value={name}
            error={error}
            autoFocus
            onChange={(event) => {
              setName(event.target.value);
              if (error) setError(undefined);
            }}
          />
          <FormError message={refusal} />
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <button type="button" className="btn btn-ghost" onClick={close}>
              {s.cancel}
            </button>
            <button type="submit" className="btn btn-primary" disabled={create.isPending}>
              {create.isPending ? <span className="loading loading-spinner loading-sm" aria-hidden="true" /> : null}
              {s.save}
            </button>
          </div>
        </form>
      </Modal>
    </>
  );
}
