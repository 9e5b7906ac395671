import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useSearchParams } from 'react-router';
import * as copy from '#shared/copy';
import type { Vehicle } from '#shared/schemas/vehicles';
import { vehicleName, yearRange } from '#shared/vehicle-names';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { DataTable } from '../../../components/data-table';
import { CloseIcon } from '../../../components/icons';
import { Modal } from '../../../components/modal';
import { SectionError } from '../../../components/section-error';
import { Spinner } from '../../../components/spinner';
import { ApiError } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { useDeleteVehicleMutation } from '../api/delete-vehicle';
import { useVehicleMakesQuery } from '../api/get-makes';
import { vehiclesQueryOptions } from '../api/get-vehicles';
import { VehicleForm } from './vehicle-form';

const c = copy.vehiclesAdmin;
const cell = 'md:table-cell md:px-4 md:py-3 md:align-middle';

/** Why a vehicle was not deleted: the server's reason (parts still fit it), kept until the next try. */
interface Refusal {
  name: string;
  reason: string;
}

/**
 * The admin's vehicles (docs/shop-rules.md, "Finding parts"): an add form, then the vehicles (of one
 * make, chosen in the address's `?make=`, or all) with Edit (the form in a dialog) and Delete (after
 * "Are you sure?"). The server refuses to delete a vehicle that parts fit; its reason stays above the
 * table.
 */
export function VehiclesAdmin() {
  const [search, setSearch] = useSearchParams();
  const make = search.get('make') || undefined;
  const makes = useVehicleMakesQuery();
  const vehicles = useQuery(vehiclesQueryOptions({ make }));
  const remove = useDeleteVehicleMutation();
  const [editing, setEditing] = useState<Vehicle | null>(null);
  const [deleting, setDeleting] = useState<Vehicle | null>(null);
  // What the dialogs show stays while they close.
  const [shownEdit, setShownEdit] = useState<Vehicle | null>(null);
  const [shownDelete, setShownDelete] = useState<Vehicle | null>(null);
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const editTitleId = useId();
  const addTitleId = useId();
  const filterId = useId();

  const makeNames = makes.data?.items ?? [];
  const makeOptions = make && !makeNames.includes(make) ? [make, ...makeNames] : makeNames;

  const confirmDelete = () => {
    if (!deleting) return;
    const { id } = deleting;
    const name = vehicleName(deleting);
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
        <div className="mt-6">
          <VehicleForm />
        </div>
      </section>
      <div className="mt-8">
        <div className="mb-4 flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
          <div className="w-full sm:w-64">
            <label htmlFor={filterId} className="mb-1.5 block text-sm font-semibold text-slate-800">
              {c.filterLabel}
            </label>
            <select
              id={filterId}
              value={make ?? ''}
              onChange={(event) => {
                const next = new URLSearchParams(search);
                if (event.target.value) next.set('make', event.target.value);
                else next.delete('make');
                setSearch(next);
              }}
              className="select w-full bg-white text-base text-slate-900"
            >
              <option value="">{c.allMakes}</option>
              {makeOptions.map((name) => (
                <option key={name} value={name}>
                  {name}
                </option>
              ))}
            </select>
          </div>
          <p role="status" className="min-h-6 font-semibold text-slate-700">
            {vehicles.data ? c.total(vehicles.data.items.length) : null}
          </p>
        </div>
        <div role="alert" className="empty:hidden">
          {refusal ? (
            <div className="mb-4 rounded-xl border border-red-200 bg-red-50 px-4 py-3 text-red-900">
              <p className="font-semibold">{c.notDeleted(refusal.name)}</p>
              <p className="mt-0.5" data-testid="vehicle-refusal">
                {refusal.reason}
              </p>
            </div>
          ) : null}
        </div>
        {vehicles.isPending ? (
          <Spinner />
        ) : vehicles.isError ? (
          <SectionError onRetry={() => void vehicles.refetch()} message={copy.common.somethingWrong} />
        ) : vehicles.data.items.length === 0 ? (
          <div className="rounded-2xl border border-dashed border-slate-300 bg-white px-6 py-12 text-center">
            <p className="text-lg font-bold text-slate-900">{make ? c.emptyMake(make) : c.empty}</p>
          </div>
        ) : (
          <DataTable
            caption={copy.dashboard.vehicles}
            columns={[
              { label: c.make, className: 'px-4 py-3' },
              { label: c.model, className: 'px-4 py-3' },
              { label: c.engine, className: 'px-4 py-3' },
              { label: c.years, className: 'px-4 py-3' },
              { label: c.edit, className: 'w-24 px-4 py-3' },
              { label: c.delete, className: 'w-24 px-4 py-3' },
            ]}
          >
            {vehicles.data.items.map((vehicle) => {
              const name = vehicleName(vehicle);
              return (
                <tr
                  key={vehicle.id}
                  data-testid="vehicle-row"
                  className="grid grid-cols-[auto_auto_minmax(0,1fr)] items-center gap-x-3 gap-y-2 p-4 md:table-row md:p-0"
                >
                  <td className={`col-span-3 font-semibold break-words text-slate-900 ${cell}`}>
                    <span className="text-sm font-normal text-slate-600 md:sr-only">{c.make}: </span>
                    {vehicle.make}
                  </td>
                  <td className={`col-span-3 break-words text-slate-800 ${cell}`}>
                    <span className="text-sm text-slate-600 md:sr-only">{c.model}: </span>
                    {vehicle.model}
                  </td>
                  <td className={`col-span-3 break-words text-slate-800 ${cell}`}>
                    <span className="text-sm text-slate-600 md:sr-only">{c.engine}: </span>
                    {vehicle.engine}
                  </td>
                  <td className={`col-span-3 whitespace-nowrap text-slate-800 tabular-nums ${cell}`}>
                    <span className="text-sm text-slate-600 md:sr-only">{c.years}: </span>
                    {yearRange(vehicle.yearFrom, vehicle.yearTo)}
                  </td>
                  <td className={cell}>
                    <button
                      type="button"
                      className="btn btn-sm border-slate-300 bg-white text-slate-800 hover:bg-slate-100"
                      aria-label={`${c.edit} ${name}`}
                      onClick={() => {
                        setEditing(vehicle);
                        setShownEdit(vehicle);
                      }}
                    >
                      {c.edit}
                    </button>
                  </td>
                  <td className={cell}>
                    <button
                      type="button"
                      className="btn btn-sm btn-outline btn-error"
                      aria-label={`${c.delete} ${name}`}
                      onClick={() => {
                        setDeleting(vehicle);
                        setShownDelete(vehicle);
                      }}
                    >
                      {c.delete}
                    </button>
                  </td>
                </tr>
              );
            })}
          </DataTable>
        )}
      </div>
      <Modal open={editing !== null} onClose={() => setEditing(null)} labelledBy={editTitleId} className="max-w-2xl">
        <div className="mb-5 flex items-start justify-between gap-4">
          <h2 id={editTitleId} className="text-xl font-bold break-words text-slate-900">
            {shownEdit ? c.editTitle(vehicleName(shownEdit)) : null}
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
        {/* A fresh form for each vehicle, so nothing typed for one shows up for another. */}
        {editing ? <VehicleForm key={editing.id} vehicle={editing} onSaved={() => setEditing(null)} /> : null}
      </Modal>
      <ConfirmDialog
        open={deleting !== null}
        pending={remove.isPending}
        confirmLabel={c.confirmDeleteYes}
        cancelLabel={c.keep}
        onConfirm={confirmDelete}
        onCancel={() => setDeleting(null)}
      >
        {shownDelete ? <p>{c.confirmDelete(vehicleName(shownDelete))}</p> : null}
      </ConfirmDialog>
    </>
  );
}
