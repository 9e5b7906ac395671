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
    // The parts list keeps it while its navbar signs the customer out.
    meta: { asUser: true },
  });
}

/** The garage; asked only while `enabled` (a customer is signed in). */
export function useGarageQuery(enabled = true) {
  return useQuery({ ...garageQueryOptions(), enabled });
}
