import type { UseMutationResult, UseQueryResult } from '@tanstack/react-query';
import { Fragment, type ReactNode, useId, useState } from 'react';
import * as copy from '#shared/copy';
import { ApiError } from '../lib/api-client';
import { toast } from '../lib/toast';
import { ConfirmDialog } from './confirm-dialog';
import { DataTable } from './data-table';
import { CloseIcon } from './icons';
import { Modal } from './modal';
import { SectionError } from './section-error';
import { Spinner } from './spinner';

const cell = 'md:table-cell md:px-4 md:py-3 md:align-middle';

export interface AdminListColumn<Item> {
  label: string;
  value: (item: Item) => ReactNode;
  /** The cell's own classes: font, wrapping, alignment. */
  className: string;
  /** The header cell's extra classes (a number column's `text-right`). */
  headerClassName?: string;
  /** The card's title on a phone needs no label before it; every other value says what it is. */
  titled?: boolean;
}

/** The screen's words, from its section of the UI strings. */
export interface AdminListText {
  addTitle: string;
  addText: string;
  total: (n: number) => string;
  /** The button that opens the form in a dialog ("Rename", "Edit"), and the dialog's title. */
  change: string;
  changeTitle: (name: string) => string;
  delete: string;
  confirmDelete: (name: string) => string;
  confirmDeleteYes: string;
  keep: string;
  deleted: string;
  notDeleted: (name: string) => string;
}

interface AdminListProps<Item extends { id: string }> {
  /** The table's caption for screen readers: the page's title. */
  caption: string;
  text: AdminListText;
  /** Said in place of the table when the list is empty. */
  emptyText: string;
  list: UseQueryResult<{ items: Item[] }>;
  remove: UseMutationResult<void, Error, string>;
  /** How buttons, the dialog and a refusal name an item. */
  nameOf: (item: Item) => string;
  columns: AdminListColumn<Item>[];
  /** The add form (no item), or the change form of an item, which calls `onSaved` to close its dialog. */
  form: (item?: Item, onSaved?: () => void) => ReactNode;
  /** A control beside the count that narrows the list (the vehicles' make). */
  filter?: ReactNode;
  /** Names the rows' and the refusal's test ids: `category` gives `category-row` and `category-refusal`. */
  testId: string;
}

/** Why an item was not deleted: the server's reason, kept until the next try. */
interface Refusal {
  name: string;
  reason: string;
}

/**
 * An admin's list of the shop's records (categories, vehicles): an add form, then every record with
 * a button that opens its form in a dialog and Delete (after "Are you sure?"). The server refuses to
 * delete a record still in use; its reason stays above the table. From md width a table; on phones
 * each row is a card.
 */
export function AdminList<Item extends { id: string }>({
  caption,
  text,
  emptyText,
  list,
  remove,
  nameOf,
  columns,
  form,
  filter,
  testId,
}: AdminListProps<Item>) {
  const [changing, setChanging] = useState<Item | null>(null);
  const [deleting, setDeleting] = useState<Item | null>(null);
  // What the dialogs show stays while they close.
  const [shownChange, setShownChange] = useState<Item | null>(null);
  const [shownDelete, setShownDelete] = useState<Item | null>(null);
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const changeTitleId = useId();
  const addTitleId = useId();

  const confirmDelete = () => {
    if (!deleting) return;
    const name = nameOf(deleting);
    setRefusal(null);
    remove.mutate(deleting.id, {
      onSuccess: () => toast.success(text.deleted),
      onError: (error) => {
        // A server fault is the cache's "Something went wrong".
        if (error instanceof ApiError && !error.isServerFault) setRefusal({ name, reason: error.message });
      },
      onSettled: () => setDeleting(null),
    });
  };

  return (
    <>
      <section aria-labelledby={addTitleId} className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200 sm:p-8">
        <h3 id={addTitleId} className="text-lg font-bold text-slate-900">
          {text.addTitle}
        </h3>
        <p className="mt-1 text-slate-600">{text.addText}</p>
        <div className="mt-6">{form()}</div>
      </section>
      <div className="mt-8">
        <div className="mb-4 flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
          {filter}
          <p role="status" className="min-h-6 font-semibold text-slate-700">
            {list.data ? text.total(list.data.items.length) : null}
          </p>
        </div>
        <div role="alert" className="empty:hidden">
          {refusal ? (
            <div className="mb-4 rounded-xl border border-red-200 bg-red-50 px-4 py-3 text-red-900">
              <p className="font-semibold">{text.notDeleted(refusal.name)}</p>
              <p className="mt-0.5" data-testid={`${testId}-refusal`}>
                {refusal.reason}
              </p>
            </div>
          ) : null}
        </div>
        {list.isPending ? (
          <Spinner />
        ) : list.isError ? (
          <SectionError onRetry={() => void list.refetch()} message={copy.common.somethingWrong} />
        ) : list.data.items.length === 0 ? (
          <div className="rounded-2xl border border-dashed border-slate-300 bg-white px-6 py-12 text-center">
            <p className="text-lg font-bold text-slate-900">{emptyText}</p>
          </div>
        ) : (
          <DataTable
            caption={caption}
            columns={[
              ...columns.map((column) => ({ label: column.label, className: `px-4 py-3 ${column.headerClassName ?? ''}` })),
              { label: text.change, className: 'w-28 px-4 py-3' },
              { label: text.delete, className: 'w-28 px-4 py-3' },
            ]}
          >
            {list.data.items.map((item) => {
              const name = nameOf(item);
              return (
                <tr
                  key={item.id}
                  data-testid={`${testId}-row`}
                  className="grid grid-cols-[auto_auto_minmax(0,1fr)] items-center gap-x-3 gap-y-2 p-4 md:table-row md:p-0"
                >
                  {columns.map((column) => (
                    <td key={column.label} className={`col-span-3 ${column.className} ${cell}`}>
                      {column.titled ? null : (
                        <span className="font-sans text-sm font-normal text-slate-600 md:sr-only">{column.label}: </span>
                      )}
                      {column.value(item)}
                    </td>
                  ))}
                  <td className={cell}>
                    <button
                      type="button"
                      className="btn btn-sm border-slate-300 bg-white text-slate-800 hover:bg-slate-100"
                      aria-label={`${text.change} ${name}`}
                      onClick={() => {
                        setChanging(item);
                        setShownChange(item);
                      }}
                    >
                      {text.change}
                    </button>
                  </td>
                  <td className={cell}>
                    <button
                      type="button"
                      className="btn btn-sm btn-outline btn-error"
                      aria-label={`${text.delete} ${name}`}
                      onClick={() => {
                        setDeleting(item);
                        setShownDelete(item);
                      }}
                    >
                      {text.delete}
                    </button>
                  </td>
                </tr>
              );
            })}
          </DataTable>
        )}
      </div>
      <Modal open={changing !== null} onClose={() => setChanging(null)} labelledBy={changeTitleId} className="max-w-2xl">
        <div className="mb-5 flex items-start justify-between gap-4">
          <h2 id={changeTitleId} className="text-xl font-bold break-words text-slate-900">
            {shownChange ? text.changeTitle(nameOf(shownChange)) : null}
          </h2>
          <button
            type="button"
            className="btn btn-ghost btn-sm btn-square"
            aria-label={copy.common.close}
            onClick={() => setChanging(null)}
          >
            <CloseIcon className="h-5 w-5" />
          </button>
        </div>
        {/* A fresh form for each item, so nothing typed for one shows up for another. */}
        {changing ? <Fragment key={changing.id}>{form(changing, () => setChanging(null))}</Fragment> : null}
      </Modal>
      <ConfirmDialog
        open={deleting !== null}
        pending={remove.isPending}
        confirmLabel={text.confirmDeleteYes}
        cancelLabel={text.keep}
        onConfirm={confirmDelete}
        onCancel={() => setDeleting(null)}
      >
        {shownDelete ? <p>{text.confirmDelete(nameOf(shownDelete))}</p> : null}
      </ConfirmDialog>
    </>
  );
}
