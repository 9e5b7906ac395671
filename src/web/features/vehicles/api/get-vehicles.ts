import { queryOptions, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { Vehicle, VehicleList } from '#shared/schemas/vehicles';
import { apiCall, type ApiCall, apiRequest, queryString } from '../../../lib/api-client';

export interface VehiclesQuery {
  /** Only this make's vehicles (matched whatever its case); every vehicle without it. */
  make?: string;
}

/** The vehicles of a make, or every vehicle: by make, model, engine and first year. */
export function getVehicles(query: VehiclesQuery, call: ApiCall = {}): Promise<VehicleList> {
  return apiRequest<VehicleList>(`/api/vehicles${queryString({ make: query.make })}`, call);
}

export function vehiclesQueryOptions(query: VehiclesQuery = {}) {
  return queryOptions({
    queryKey: ['vehicles', 'list', query.make ?? null],
    queryFn: (context) => getVehicles(query, apiCall(context)),
  });
}

/** The vehicles of `make` (nothing is asked until a make is chosen). */
export function useVehiclesQuery(make: string | undefined) {
  return useQuery({ ...vehiclesQueryOptions({ make }), enabled: make !== undefined && make !== '' });
}

/** A vehicle some list already loaded (a make's, or every vehicle), so that naming it asks nothing more. */
function cachedVehicle(queryClient: QueryClient, id: string): Vehicle | undefined {
  for (const [, list] of queryClient.getQueriesData<VehicleList>({ queryKey: ['vehicles', 'list'] })) {
    const found = list?.items.find((vehicle) => vehicle.id === id);
    if (found) return found;
  }
  return undefined;
}

/**
 * One vehicle by its id: read from its make's list when the make is known, else from the list of
 * every vehicle (the API has no address for one vehicle). `null` when the shop lists no such vehicle.
 */
export function vehicleQueryOptions(id: string, make?: string) {
  return queryOptions({
    queryKey: ['vehicles', 'one', id, make ?? null],
    queryFn: async ({ client }): Promise<Vehicle | null> => {
      const list = await client.fetchQuery(vehiclesQueryOptions({ make }));
      return list.items.find((vehicle) => vehicle.id === id) ?? null;
    },
  });
}

/**
 * Loads the vehicle of `id` into the cache for a page's loader, as useVehicle would: from a list some
 * other query already holds (the picker's, when a model was just chosen) without asking again. A query
 * the loader made without that would stand pending in its place and disable the picker meanwhile,
 * taking the focus away from the model just chosen.
 */
export function ensureVehicleData(queryClient: QueryClient, id: string): Promise<Vehicle | null> {
  const options = vehicleQueryOptions(id);
  const cached = cachedVehicle(queryClient, id);
  if (cached && queryClient.getQueryData(options.queryKey) === undefined) queryClient.setQueryData(options.queryKey, cached);
  return queryClient.ensureQueryData(options);
}

/**
 * The vehicle chosen by its id, to name it ("Fits Ford Focus 1.6 Ti-VCT 92 kW"): `data` is the
 * vehicle, `null` for an id the shop does not list, undefined while it loads or without an id. A
 * vehicle some list already holds (the picker's) is named at once. Give the make when it is known: its
 * list is smaller than every vehicle's, and shared with the picker.
 */
export function useVehicle(id: string | undefined, make?: string) {
  const queryClient = useQueryClient();
  return useQuery({
    ...vehicleQueryOptions(id ?? '', make || undefined),
    enabled: Boolean(id),
    initialData: () => (id ? cachedVehicle(queryClient, id) : undefined),
  });
}
