import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Garage } from '#shared/schemas/vehicles';
import { apiCall, type ApiCall, apiRequest } from '../../../lib/api-client';

/** The signed-in customer's saved vehicles, newest first. */
export function getGarage(call: ApiCall = {}): Promise<Garage> {
  return apiRequest<Garage>('/api/me/vehicles', call);
}

export const garageQueryKey = ['garage'] as const;

export function garageQueryOptions() {
  return queryOptions({
    queryKey: garageQueryKey,
    queryFn: (context) => getGarage(apiCall(context)),
  });
}

export function useGarageQuery() {
  return useQuery(garageQueryOptions());
}
