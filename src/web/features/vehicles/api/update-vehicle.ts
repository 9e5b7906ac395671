import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Vehicle, VehicleUpdate } from '#shared/schemas/vehicles';
import { apiRequest } from '../../../lib/api-client';

export interface UpdateVehicleInput {
  id: string;
  changes: VehicleUpdate;
}

/** Changes a vehicle (admin only); its years may not shrink below those of the parts that fit it (409). */
export function updateVehicle({ id, changes }: UpdateVehicleInput): Promise<Vehicle> {
  return apiRequest<Vehicle>(`/api/vehicles/${encodeURIComponent(id)}`, { method: 'PATCH', body: changes });
}

/** The form shows a refusal itself; the cache toasts only server faults. */
export function useUpdateVehicleMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateVehicle,
    meta: { toast: 'faults' },
    // The parts that fit it name it on their pages.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['vehicles'] }),
        queryClient.invalidateQueries({ queryKey: ['parts'] }),
      ]),
  });
}
