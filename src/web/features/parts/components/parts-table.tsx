import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { toast } from '../../../lib/toast';
import * as copy from '#shared/copy';
import type { Part } from '#shared/schemas/parts';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { DataTable, RowPicture } from '../../../components/data-table';
import { CloseIcon } from '../../../components/icons';
import { Modal } from '../../../components/modal';
import { useDeletePartMutation, useUnpaidOrdersOfPartQuery } from '../api/delete-part';
import { SectionError } from '../../../components/section-error';
import { Spinner } from '../../../components/spinner';
import { useMoney } from '../../../lib/use-money';
import { partQueryOptions } from '../api/get-part';
import { PartForm, type PartFormProps } from './part-form';
import { PartSupersessions } from './part-supersessions';
import { formatCount } from '#shared/numbers';

interface PartsTableProps {
  parts: Part[];
  /** How many parts come before this page, for the Index column. */
  offset: number;
  /** The rows of vehicles the part fits, in the update form (see PartForm). */
  fitmentsField?: PartFormProps['fitmentsField'];
}

/** The update form; with the vehicles' rows it first reads the vehicles the part fits. */
function EditPartForm({
  part,
  onSaved,
  fitmentsField,
}: Pick<PartFormProps, 'fitmentsField'> & { part: Part; onSaved: () => void }) {
  const detail = useQuery({ ...partQueryOptions(part.id), enabled: fitmentsField !== undefined });
  if (!fitmentsField) {
    return (
      <>
        <PartForm part={part} onSaved={onSaved} />
        <PartSupersessions partId={part.id} />
      </>
    );
  }
  if (detail.isPending) return <Spinner className="py-10" />;
  if (detail.isError) return <SectionError onRetry={() => void detail.refetch()} message={copy.common.somethingWrong} />;
  return (
    <>
      <PartForm part={part} fits={detail.data.fits} onSaved={onSaved} fitmentsField={fitmentsField} />
      <PartSupersessions partId={part.id} />
    </>
  );
}

// Nine columns share the width beside the sidebar (about 900 px at 1280): less padding than the other tables.
const cell = 'xl:table-cell xl:px-2 xl:py-3 xl:align-middle xl:first:pl-4 xl:last:pr-4';

/**
 * Manage All Parts: Index, Picture, Name, SKU, Category, Price, Quantity, Update (an edit form in a
 * dialog), Delete (after "Are you sure?"). From xl width (nine columns beside the sidebar) a table;
 * below it each row is a card.
 */
export function PartsTable({ parts, offset, fitmentsField }: PartsTableProps) {
  const remove = useDeletePartMutation();
  const formatMoney = useMoney();
  const [editing, setEditing] = useState<Part | null>(null);
  const [deleting, setDeleting] = useState<Part | null>(null);
  // What the dialogs show stays while they close.
  const [shownEdit, setShownEdit] = useState<Part | null>(null);
  const [shownDelete, setShownDelete] = useState<Part | null>(null);
  const editTitleId = useId();
  // Deleting a part cancels its unpaid orders: the confirmation says how many first.
  const unpaid = useUnpaidOrdersOfPartQuery(deleting?.id);
  const unpaidCount = deleting && unpaid.data ? unpaid.data.count : 0;

  const confirmDelete = () => {
    if (!deleting) return;
    // Only what the dialog said is agreed to: an order booked meanwhile makes the server refuse (409).
    remove.mutate(
      { id: deleting.id, cancelUnpaidOrders: unpaidCount > 0 },
      {
        onSuccess: () => toast.success(copy.toasts.partDeleted),
        onSettled: () => setDeleting(null),
      },
    );
  };

  return (
    <>
      <DataTable
        caption={copy.dashboard.manageParts}
        cardsBelow="xl"
        columns={[
          { label: copy.partsAdmin.index, className: 'w-12 py-3 pr-2 pl-4' },
          { label: copy.partsAdmin.picture, className: 'w-20 px-2 py-3' },
          { label: copy.partsAdmin.name, className: 'px-2 py-3' },
          { label: copy.partsAdmin.sku, className: 'px-2 py-3' },
          { label: copy.partsAdmin.category, className: 'px-2 py-3' },
          { label: copy.partsAdmin.price, className: 'px-2 py-3 text-right' },
          { label: copy.partsAdmin.quantity, className: 'px-2 py-3 text-right' },
          { label: copy.partsAdmin.update, className: 'px-2 py-3' },
          { label: copy.partsAdmin.delete, className: 'py-3 pr-4 pl-2' },
        ]}
      >
        {parts.map((part, index) => (
          <tr
            key={part.id}
            data-testid="part-row"
            className="grid grid-cols-[1.5rem_5rem_auto_minmax(0,1fr)] items-center gap-x-3 gap-y-2 p-4 xl:table-row xl:p-0"
          >
            <td className={`row-span-6 self-start font-semibold text-slate-600 tabular-nums ${cell}`}>{offset + index + 1}</td>
            <td className={`row-span-6 self-start ${cell}`}>
              <RowPicture src={part.imageUrl} small />
            </td>
            <td className={`col-span-2 font-semibold break-words text-slate-900 ${cell}`}>{part.name}</td>
            <td
              className={`col-span-2 font-mono text-sm break-all text-slate-800 xl:text-xs xl:break-normal xl:whitespace-nowrap ${cell}`}
              data-testid="part-row-sku"
            >
              <span className="font-sans text-slate-600 xl:sr-only">{copy.partsAdmin.sku}: </span>
              {part.sku}
            </td>
            <td className={`col-span-2 text-slate-800 ${cell}`} data-testid="part-row-category">
              <span className="text-sm text-slate-600 xl:sr-only">{copy.partsAdmin.category}: </span>
              {part.category.name}
            </td>
            <td className={`col-span-2 text-slate-800 tabular-nums xl:text-right ${cell}`}>
              <span className="text-sm text-slate-600 xl:sr-only">{copy.partsAdmin.price}: </span>
              {formatMoney(part.priceCents)}
            </td>
            <td className={`col-span-2 text-slate-800 tabular-nums xl:text-right ${cell}`}>
              <span className="text-sm text-slate-600 xl:sr-only">{copy.partsAdmin.quantity}: </span>
              {formatCount(part.stock)}
            </td>
            <td className={`col-start-3 ${cell}`}>
              <button
                type="button"
                className="btn btn-sm border-slate-300 bg-white text-slate-800 hover:bg-slate-100"
                aria-label={`${copy.partsAdmin.update} ${part.name}`}
                onClick={() => {
                  setEditing(part);
                  setShownEdit(part);
                }}
              >
                {copy.partsAdmin.update}
              </button>
            </td>
            <td className={`col-start-4 ${cell}`}>
              <button
                type="button"
                className="btn btn-sm btn-outline btn-error"
                aria-label={`${copy.partsAdmin.delete} ${part.name}`}
                onClick={() => {
                  setDeleting(part);
                  setShownDelete(part);
                }}
              >
                {copy.partsAdmin.delete}
              </button>
            </td>
          </tr>
        ))}
      </DataTable>
      <Modal open={editing !== null} onClose={() => setEditing(null)} labelledBy={editTitleId} className="max-w-2xl">
        <div className="mb-5 flex items-start justify-between gap-4">
          <h2 id={editTitleId} className="text-xl font-bold break-words text-slate-900">
            {shownEdit ? copy.partsAdmin.editTitle(shownEdit.name) : null}
          </h2>
          <button
            type="button"
            className="btn btn-ghost btn-sm btn-square"
            aria-label={copy.common.close}
            onClick={() => setEditing(null)}
          >
            <CloseIcon className="h-5 w-5" />
          </button>
        </div>
        {/* A fresh form for each part, so nothing typed for one part shows up for another. */}
        {editing ? (
          <EditPartForm key={editing.id} part={editing} onSaved={() => setEditing(null)} fitmentsField={fitmentsField} />
        ) : null}
      </Modal>
      <ConfirmDialog
        open={deleting !== null}
        pending={remove.isPending}
        confirmLabel={copy.partsAdmin.confirmDeleteYes}
        cancelLabel={copy.partsAdmin.keepPart}
        onConfirm={confirmDelete}
        onCancel={() => setDeleting(null)}
      >
        {shownDelete ? <p>{copy.partsAdmin.confirmDelete(shownDelete.name)}</p> : null}
        {unpaidCount > 0 ? (
          <p className="mt-2 font-semibold text-amber-900" data-testid="unpaid-orders-warning">
            {copy.partsAdmin.confirmDeleteUnpaid(unpaidCount)}
          </p>
        ) : null}
      </ConfirmDialog>
    </>
  );
}
