import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Garage } from '#shared/schemas/vehicles';
import { apiRequest } from '../../../lib/api-client';
import { garageQueryKey } from './get-garage';

/** Removes a saved vehicle from the customer's garage; the answer is the garage left. */
export function removeGarageVehicle(id: string): Promise<Garage | undefined> {
  return apiRequest<Garage | undefined>(`/api/me/vehicles/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

/** A refusal (a vehicle already removed elsewhere) is the cache's toast, with the server's reason. */
export function useRemoveGarageVehicleMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeGarageVehicle,
    onSuccess: (garage: Garage | undefined) =>
      garage ? queryClient.setQueryData(garageQueryKey, garage) : queryClient.invalidateQueries({ queryKey: garageQueryKey }),
    // A vehicle already removed elsewhere (404) leaves this list out of date.
    onError: () => queryClient.invalidateQueries({ queryKey: garageQueryKey }),
  });
}
