import { queryOptions, useQuery } from '@tanstack/react-query';
import type { VehicleMakes } from '#shared/schemas/vehicles';
import { apiCall, type ApiCall, apiRequest } from '../../../lib/api-client';

/** Every make with at least one vehicle, by name. */
export function getVehicleMakes(call: ApiCall = {}): Promise<VehicleMakes> {
  return apiRequest<VehicleMakes>('/api/vehicles/makes', call);
}

export function vehicleMakesQueryOptions() {
  return queryOptions({
    // Under 'vehicles': the admin's changes to vehicles refresh every 'vehicles' query.
    queryKey: ['vehicles', 'makes'],
    queryFn: (context) => getVehicleMakes(apiCall(context)),
  });
}

export function useVehicleMakesQuery() {
  return useQuery(vehicleMakesQueryOptions());
}
