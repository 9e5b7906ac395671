import { useId, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import * as copy from '#shared/copy';
import { formatCount } from '#shared/numbers';
import { paths } from '#shared/paths';
import { orderQuantitySchema } from '#shared/schemas/orders';
import { type ListItem, listNameSchema, type ListToCartResult, type SavedList } from '#shared/schemas/saved-lists';
import { replacedMessageOf } from '#shared/schemas/supersessions';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { RowPicture } from '../../../components/data-table';
import { FormError, InputField } from '../../../components/form-field';
import { SectionError } from '../../../components/section-error';
import { Spinner } from '../../../components/spinner';
import { ApiError } from '../../../lib/api-client';
import { formatDate } from '../../../lib/format-date';
import { toast } from '../../../lib/toast';
import { useMoney } from '../../../lib/use-money';
import { useDeleteSavedListMutation } from '../api/delete-saved-list';
import { useSavedListQuery } from '../api/get-saved-list';
import { useSavedListToCartMutation } from '../api/saved-list-to-cart';
import { useUpdateSavedListMutation } from '../api/update-saved-list';
import { NotForYou } from './saved-lists-overview';

const s = copy.savedLists;

/** A line as the page edits it: the quantity as typed, checked when saved. */
interface DraftLine {
  item: ListItem;
  quantity: string;
}

const draftOf = (list: SavedList): DraftLine[] => list.items.map((item) => ({ item, quantity: String(item.quantity) }));

/** The list's name, changed in place; the server's refusal (a name taken) shows under the field. */
function RenameForm({ list, onDone }: { list: SavedList; onDone: () => void }) {
  const [name, setName] = useState(list.name);
  const [error, setError] = useState<string>();
  const update = useUpdateSavedListMutation();

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const checked = listNameSchema.safeParse(name);
    if (!checked.success) {
      setError(checked.error.issues[0]?.message);
      return;
    }
    update.mutate(
      { id: list.id, name: checked.data },
      {
        onSuccess: onDone,
        onError: (failure) => {
          if (failure instanceof ApiError && !failure.isServerFault) setError(failure.fieldErrors.name ?? failure.message);
        },
      },
    );
  };

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-3 sm:flex-row sm:items-start">
      <InputField
        label={s.renameLabel}
        autoComplete="off"
        value={name}
        error={error}
        className="w-full sm:max-w-sm"
        autoFocus
        onChange={(event) => {
          setName(event.target.value);
          if (error) setError(undefined);
        }}
      />
      <div className="flex gap-2 sm:pt-7">
        <button type="submit" className="btn btn-primary btn-lg" disabled={update.isPending}>
          {s.saveName}
        </button>
        <button type="button" className="btn btn-ghost btn-lg" onClick={onDone}>
          {s.cancel}
        </button>
      </div>
    </form>
  );
}

/** What "Add all to cart" did: how many parts went in, and each line refused with the cart's reason. */
function ToCartOutcome({ result }: { result: ListToCartResult }) {
  const titleId = useId();
  return (
    <div role="status" className="mt-4 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200" data-testid="to-cart-outcome">
      <p className="font-semibold text-slate-900">{s.addedToCart(result.added.length)}</p>
      {result.added.flatMap((line) =>
        line.message
          ? [
              <p key={line.sku} className="mt-1 text-slate-800">
                {line.message}
              </p>,
            ]
          : [],
      )}
      {result.skipped.length > 0 ? (
        <section aria-labelledby={titleId} className="mt-3">
          <h4 id={titleId} className="font-bold text-amber-900">
            {s.skippedTitle}
          </h4>
          <ul className="mt-2 grid gap-1.5" data-testid="skipped-lines">
            {result.skipped.map((line) => (
              <li key={line.sku} className="break-words text-slate-800">
                <span className="font-mono font-semibold">{line.sku}</span>: {line.message}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <Link to={paths.cart} className="btn btn-outline mt-4">
        {s.goToCart}
      </Link>
    </div>
  );
}

/** One line: the part, its price and stock today, the quantity to edit, and Remove. */
function ItemRow({
  line,
  index,
  error,
  onQuantity,
  onRemove,
}: {
  line: DraftLine;
  index: number;
  error?: string;
  onQuantity: (value: string) => void;
  onRemove: () => void;
}) {
  const money = useMoney();
  const { item } = line;
  return (
    <li
      data-testid="saved-list-item"
      className="grid grid-cols-[4rem_minmax(0,1fr)] gap-x-3 gap-y-2 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:grid-cols-[5rem_minmax(0,1fr)_10rem_auto] sm:items-start"
    >
      <div className="row-span-2 sm:row-span-1">{item.imageUrl ? <RowPicture src={item.imageUrl} small /> : null}</div>
      <div className="min-w-0">
        <Link to={paths.part(item.partId)} className="font-semibold break-words text-slate-900 hover:underline">
          {item.partName}
        </Link>
        <p className="font-mono text-sm text-slate-600">{item.sku}</p>
        <p className="mt-1 text-sm text-slate-700 tabular-nums">
          <span>
            {s.itemColumns.price}: {money(item.unitPriceCents)}
          </span>
          <span aria-hidden="true"> · </span>
          {item.replacedBy ? (
            <span className="font-semibold text-amber-900" data-testid="item-replaced">
              {replacedMessageOf(item.replacedBy.resolvedFrom)}
            </span>
          ) : item.noLongerSold ? (
            <span className="font-semibold text-red-800">{s.noLongerSoldShort}</span>
          ) : item.available === 0 ? (
            <span className="font-semibold text-amber-900">{s.outOfStock}</span>
          ) : (
            <span>
              {s.itemColumns.stock}: {formatCount(item.available)}
            </span>
          )}
        </p>
      </div>
      <InputField
        label={s.itemColumns.quantity}
        aria-label={s.quantityOf(item.partName)}
        type="number"
        inputMode="numeric"
        min={1}
        step={item.packSize}
        value={line.quantity}
        error={error}
        className="col-start-2 sm:col-start-3"
        name={`items.${index}.quantity`}
        onChange={(event) => onQuantity(event.target.value)}
      />
      <div className="col-start-2 sm:col-start-4 sm:pt-7">
        <button type="button" className="btn btn-outline btn-error" aria-label={s.removeNamed(item.partName)} onClick={onRemove}>
          {s.remove}
        </button>
      </div>
    </li>
  );
}

/**
 * One saved list (docs/shop-rules.md, "Trade accounts"): its parts as they are today, each with its
 * quantity to change and Remove; Rename, Delete (after "Are you sure?") and "Add all to cart", which
 * says what the cart refused and why.
 */
export function SavedListDetail({ id }: { id: string }) {
  const list = useSavedListQuery(id);
  const update = useUpdateSavedListMutation();
  const remove = useDeleteSavedListMutation();
  const toCart = useSavedListToCartMutation();
  const navigate = useNavigate();
  const [draft, setDraft] = useState<DraftLine[]>([]);
  const [errors, setErrors] = useState<Record<number, string>>({});
  const [refusal, setRefusal] = useState<string>();
  const [renaming, setRenaming] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [outcome, setOutcome] = useState<ListToCartResult>();
  const itemsTitleId = useId();

  // The draft follows the list as saved (after a save, or a colleague's change seen on a refetch),
  // set while rendering rather than in an effect, so no frame shows the old lines.
  const [draftOfList, setDraftOfList] = useState<SavedList>();
  if (list.data && list.data !== draftOfList) {
    setDraftOfList(list.data);
    setDraft(draftOf(list.data));
    setErrors({});
  }

  if (list.isPending) return <Spinner className="py-10" />;
  if (list.isError) {
    const { error } = list;
    if (error instanceof ApiError && (error.status === 403 || error.status === 404)) {
      return (
        <>
          <NotForYou message={error.message} />
          <Link to={paths.savedLists} className="btn btn-outline mt-4">
            {s.back}
          </Link>
        </>
      );
    }
    return <SectionError onRetry={() => void list.refetch()} message={copy.common.somethingWrong} />;
  }
  const saved = list.data;
  const changed =
    draft.length !== saved.items.length || draft.some((line, index) => line.quantity !== String(saved.items[index]?.quantity));

  /** Saves the lines as the draft has them; a quantity the browser or the server refuses shows beside it. */
  const save = (lines: DraftLine[]) => {
    setRefusal(undefined);
    const found: Record<number, string> = {};
    const items = lines.map((line, index) => {
      const checked = orderQuantitySchema.safeParse(line.quantity.trim() === '' ? undefined : Number(line.quantity));
      if (!checked.success) found[index] = checked.error.issues[0]?.message ?? copy.validation.quantityWhole;
      return { sku: line.item.sku, quantity: checked.success ? checked.data : 0 };
    });
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    update.mutate(
      { id: saved.id, items },
      {
        onSuccess: () => toast.success(s.itemsSaved),
        onError: (failure) => {
          if (!(failure instanceof ApiError) || failure.isServerFault) return;
          const byLine: Record<number, string> = {};
          for (const [field, message] of Object.entries(failure.fieldErrors)) {
            const index = /^items\.(\d+)\./.exec(field)?.[1];
            if (index !== undefined) byLine[Number(index)] = message;
          }
          if (Object.keys(byLine).length > 0) setErrors(byLine);
          else setRefusal(failure.message);
        },
      },
    );
  };

  const removeLine = (index: number) => {
    const next = draft.filter((_, at) => at !== index);
    setDraft(next);
    save(next);
  };

  const addAll = () => {
    setOutcome(undefined);
    toCart.mutate(saved.id, { onSuccess: setOutcome });
  };

  const confirmDelete = () =>
    remove.mutate(saved.id, {
      onSuccess: () => {
        toast.success(s.deleted(saved.name));
        void navigate(paths.savedLists);
      },
      onSettled: () => setDeleting(false),
    });

  return (
    <>
      <Link to={paths.savedLists} className="link text-sm font-semibold text-slate-700">
        {s.back}
      </Link>
      <div className="mt-3 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-6">
        {renaming ? (
          <RenameForm list={saved} onDone={() => setRenaming(false)} />
        ) : (
          <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
            <div className="min-w-0">
              <h3 className="text-xl font-bold break-words text-slate-900" data-testid="saved-list-name">
                {saved.name}
              </h3>
              <p className="mt-1 text-sm text-slate-600">
                {s.itemCount(saved.itemCount)} · {formatDate(saved.updatedAt)}
                {saved.createdBy ? ` · ${saved.createdBy.name}` : null}
              </p>
            </div>
            <div className="flex flex-wrap gap-2">
              <button type="button" className="btn btn-outline" onClick={() => setRenaming(true)}>
                {s.rename}
              </button>
              <button type="button" className="btn btn-outline btn-error" onClick={() => setDeleting(true)}>
                {s.delete}
              </button>
            </div>
          </div>
        )}
      </div>

      <section aria-labelledby={itemsTitleId} className="mt-6">
        <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
          <h3 id={itemsTitleId} className="text-lg font-bold text-slate-900">
            {s.itemsTitle}
          </h3>
          <button
            type="button"
            className="btn btn-primary"
            // Not `disabled`: disabling the focused button would drop keyboard focus onto the page's body.
            aria-disabled={toCart.isPending || saved.items.length === 0 || undefined}
            onClick={() => {
              if (!toCart.isPending && saved.items.length > 0) addAll();
            }}
          >
            {toCart.isPending ? <span className="loading loading-spinner loading-sm" aria-hidden="true" /> : null}
            {s.addAllToCart}
          </button>
        </div>
        {outcome ? <ToCartOutcome result={outcome} /> : null}
        {draft.length === 0 ? (
          <p className="mt-4 rounded-2xl border border-dashed border-slate-300 bg-white px-6 py-8 text-center text-slate-700">
            {s.emptyList}
          </p>
        ) : (
          <ul className="mt-4 grid gap-3">
            {draft.map((line, index) => (
              <ItemRow
                key={line.item.partId}
                line={line}
                index={index}
                error={errors[index]}
                onQuantity={(value) =>
                  setDraft((current) => current.map((l, at) => (at === index ? { ...l, quantity: value } : l)))
                }
                onRemove={() => removeLine(index)}
              />
            ))}
          </ul>
        )}
        {changed && draft.length > 0 ? (
          <div className="mt-4 flex flex-wrap items-center gap-3">
            <button type="button" className="btn btn-primary" disabled={update.isPending} onClick={() => save(draft)}>
              {update.isPending ? <span className="loading loading-spinner loading-sm" aria-hidden="true" /> : null}
              {s.saveItems}
            </button>
          </div>
        ) : null}
        <FormError message={refusal} className="mt-3" />
      </section>

      <ConfirmDialog
        open={deleting}
        title={s.deleteTitle(saved.name)}
        pending={remove.isPending}
        confirmLabel={s.delete}
        cancelLabel={s.cancel}
        onConfirm={confirmDelete}
        onCancel={() => setDeleting(false)}
      >
        <p>{s.deleteBody}</p>
      </ConfirmDialog>
    </>
  );
}
