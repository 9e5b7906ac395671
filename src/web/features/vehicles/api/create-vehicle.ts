import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Vehicle, VehicleInput } from '#shared/schemas/vehicles';
import { apiRequest } from '../../../lib/api-client';

/** Adds a vehicle (admin only); the same make, model, engine and first year twice is refused (409). */
export function createVehicle(input: VehicleInput): Promise<Vehicle> {
  return apiRequest<Vehicle>('/api/vehicles', { method: 'POST', body: input });
}

/** The form shows a refusal itself, next to its field or under the form; the cache toasts only server faults. */
export function useCreateVehicleMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createVehicle,
    meta: { toast: 'faults' },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['vehicles'] }),
  });
}
