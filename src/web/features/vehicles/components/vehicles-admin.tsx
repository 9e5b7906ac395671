import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { useSearchParams } from 'react-router';
import * as copy from '#shared/copy';
import type { Vehicle } from '#shared/schemas/vehicles';
import { vehicleName, yearRange } from '#shared/vehicle-names';
import { AdminList } from '../../../components/admin-list';
import { useDeleteVehicleMutation } from '../api/delete-vehicle';
import { useVehicleMakesQuery } from '../api/get-makes';
import { vehiclesQueryOptions } from '../api/get-vehicles';
import { VehicleForm } from './vehicle-form';

const c = copy.vehiclesAdmin;
const text = 'break-words text-slate-800';

/**
 * The admin's vehicles (docs/shop-rules.md, "Finding parts"): an add form, then the vehicles (of one
 * make, chosen in the address's `?make=`, or all) with Edit (the form in a dialog) and Delete (after
 * "Are you sure?"). The server refuses to delete a vehicle that parts fit; its reason stays above the
 * table.
 */
export function VehiclesAdmin() {
  const [search] = useSearchParams();
  const make = search.get('make') || undefined;
  const vehicles = useQuery(vehiclesQueryOptions({ make }));
  const remove = useDeleteVehicleMutation();
  return (
    <AdminList<Vehicle>
      caption={copy.dashboard.vehicles}
      text={{ ...c, change: c.edit, changeTitle: c.editTitle }}
      emptyText={make ? c.emptyMake(make) : c.empty}
      list={vehicles}
      remove={remove}
      nameOf={vehicleName}
      columns={[
        { label: c.make, value: (vehicle) => vehicle.make, className: 'font-semibold break-words text-slate-900' },
        { label: c.model, value: (vehicle) => vehicle.model, className: text },
        { label: c.engine, value: (vehicle) => vehicle.engine, className: text },
        {
          label: c.years,
          value: (vehicle) => yearRange(vehicle.yearFrom, vehicle.yearTo),
          className: 'whitespace-nowrap text-slate-800 tabular-nums',
        },
      ]}
      form={(vehicle, onSaved) => <VehicleForm vehicle={vehicle} onSaved={onSaved} />}
      filter={<MakeFilter make={make} />}
      testId="vehicle"
    />
  );
}

/** "Show the vehicles of": every make the shop lists, kept in the address's `?make=`. */
function MakeFilter({ make }: { make: string | undefined }) {
  const [search, setSearch] = useSearchParams();
  const makes = useVehicleMakesQuery();
  const id = useId();
  const names = makes.data?.items ?? [];
  const options = make && !names.includes(make) ? [make, ...names] : names;
  return (
    <div className="w-full sm:w-64">
      <label htmlFor={id} className="mb-1.5 block text-sm font-semibold text-slate-800">
        {c.filterLabel}
      </label>
      <select
        id={id}
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
        {options.map((name) => (
          <option key={name} value={name}>
            {name}
          </option>
        ))}
      </select>
    </div>
  );
}
