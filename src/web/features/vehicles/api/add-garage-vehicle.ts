import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Garage, GarageVehicleInput } from '#shared/schemas/vehicles';
import { apiRequest } from '../../../lib/api-client';
import { garageQueryKey } from './get-garage';

/** Saves a vehicle in a year it was built to the customer's garage; the answer is the whole garage. */
export function addGarageVehicle(input: GarageVehicleInput): Promise<Garage> {
  return apiRequest<Garage>('/api/me/vehicles', { method: 'POST', body: input });
}

/** The form shows a refusal itself (a year the vehicle was not built, a full garage); the cache toasts only server faults. */
export function useAddGarageVehicleMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addGarageVehicle,
    meta: { toast: 'faults' },
    onSuccess: (garage) => queryClient.setQueryData(garageQueryKey, garage),
  });
}
