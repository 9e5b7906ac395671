import { useId, useState } from 'react';
import * as copy from '#shared/copy';
import type { Category } from '#shared/schemas/categories';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { DataTable } from '../../../components/data-table';
import { CloseIcon } from '../../../components/icons';
import { Modal } from '../../../components/modal';
import { SectionError } from '../../../components/section-error';
import { Spinner } from '../../../components/spinner';
import { ApiError } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { useDeleteCategoryMutation } from '../api/delete-category';
import { useCategoriesQuery } from '../api/get-categories';
import { CategoryForm } from './category-form';
import { formatCount } from '#shared/numbers';

const c = copy.categoriesAdmin;
const cell = 'md:table-cell md:px-4 md:py-3 md:align-middle';

/** Why a category was not deleted: the server's reason (parts still filed under it), kept until the next try. */
interface Refusal {
  name: string;
  reason: string;
}

/**
 * The admin's categories (docs/shop-rules.md, "Categories"): an add form, then every category with its
 * address name and number of parts, Rename (a form in a dialog) and Delete (after "Are you sure?").
 * The server refuses to delete a category that still has parts; its reason stays above the table.
 */
export function CategoriesAdmin() {
  const categories = useCategoriesQuery();
  const remove = useDeleteCategoryMutation();
  const [renaming, setRenaming] = useState<Category | null>(null);
  const [deleting, setDeleting] = useState<Category | null>(null);
  // What the dialogs show stays while they close.
  const [shownRename, setShownRename] = useState<Category | null>(null);
  const [shownDelete, setShownDelete] = useState<Category | null>(null);
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const renameTitleId = useId();
  const addTitleId = useId();

  const confirmDelete = () => {
    if (!deleting) return;
    const { id, name } = deleting;
    setRefusal(null);
    remove.mutate(id, {
      onSuccess: () => toast.success(c.deleted),
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
          {c.addTitle}
        </h3>
        <p className="mt-1 text-slate-600">{c.addText}</p>
        <div className="mt-6 max-w-2xl">
          <CategoryForm />
        </div>
      </section>
      <div className="mt-8">
        <p role="status" className="mb-4 min-h-6 font-semibold text-slate-700">
          {categories.data ? c.total(categories.data.items.length) : null}
        </p>
        <div role="alert" className="empty:hidden">
          {refusal ? (
            <div className="mb-4 rounded-xl border border-red-200 bg-red-50 px-4 py-3 text-red-900">
              <p className="font-semibold">{c.notDeleted(refusal.name)}</p>
              <p className="mt-0.5" data-testid="category-refusal">
                {refusal.reason}
              </p>
            </div>
          ) : null}
        </div>
        {categories.isPending ? (
          <Spinner />
        ) : categories.isError ? (
          <SectionError onRetry={() => void categories.refetch()} message={copy.common.somethingWrong} />
        ) : categories.data.items.length === 0 ? (
          <div className="rounded-2xl border border-dashed border-slate-300 bg-white px-6 py-12 text-center">
            <p className="text-lg font-bold text-slate-900">{c.empty}</p>
          </div>
        ) : (
          <DataTable
            caption={copy.dashboard.categories}
            columns={[
              { label: c.name, className: 'px-4 py-3' },
              { label: c.slug, className: 'px-4 py-3' },
              { label: c.parts, className: 'px-4 py-3 text-right' },
              { label: c.rename, className: 'w-28 px-4 py-3' },
              { label: c.delete, className: 'w-28 px-4 py-3' },
            ]}
          >
            {categories.data.items.map((category) => (
              <tr
                key={category.id}
                data-testid="category-row"
                className="grid grid-cols-[auto_minmax(0,1fr)] items-center gap-x-3 gap-y-2 p-4 md:table-row md:p-0"
              >
                <td className={`col-span-2 font-semibold break-words text-slate-900 ${cell}`}>{category.name}</td>
                <td className={`col-span-2 font-mono text-sm break-all text-slate-800 ${cell}`}>
                  <span className="font-sans text-slate-600 md:sr-only">{c.slug}: </span>
                  {category.slug}
                </td>
                <td className={`col-span-2 text-slate-800 tabular-nums md:text-right ${cell}`}>
                  <span className="text-sm text-slate-600 md:sr-only">{c.parts}: </span>
                  {formatCount(category.partCount)}
                </td>
                <td className={cell}>
                  <button
                    type="button"
                    className="btn btn-sm border-slate-300 bg-white text-slate-800 hover:bg-slate-100"
                    aria-label={`${c.rename} ${category.name}`}
                    onClick={() => {
                      setRenaming(category);
                      setShownRename(category);
                    }}
                  >
                    {c.rename}
                  </button>
                </td>
                <td className={cell}>
                  <button
                    type="button"
                    className="btn btn-sm btn-outline btn-error"
                    aria-label={`${c.delete} ${category.name}`}
                    onClick={() => {
                      setDeleting(category);
                      setShownDelete(category);
                    }}
                  >
                    {c.delete}
                  </button>
                </td>
              </tr>
            ))}
          </DataTable>
        )}
      </div>
      <Modal open={renaming !== null} onClose={() => setRenaming(null)} labelledBy={renameTitleId} className="max-w-2xl">
        <div className="mb-5 flex items-start justify-between gap-4">
          <h2 id={renameTitleId} className="text-xl font-bold break-words text-slate-900">
            {shownRename ? c.renameTitle(shownRename.name) : null}
          </h2>
          <button
            type="button"
            className="btn btn-ghost btn-sm btn-square"
            aria-label={copy.common.close}
            onClick={() => setRenaming(null)}
          >
            <CloseIcon className="h-5 w-5" />
          </button>
        </div>
        {/* A fresh form for each category, so nothing typed for one shows up for another. */}
        {renaming ? <CategoryForm key={renaming.id} category={renaming} onSaved={() => setRenaming(null)} /> : null}
      </Modal>
      <ConfirmDialog
        open={deleting !== null}
        pending={remove.isPending}
        confirmLabel={c.confirmDeleteYes}
        cancelLabel={c.keep}
        onConfirm={confirmDelete}
        onCancel={() => setDeleting(null)}
      >
        {shownDelete ? <p>{c.confirmDelete(shownDelete.name)}</p> : null}
      </ConfirmDialog>
    </>
  );
}
