import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** Deletes a vehicle no part fits (admin only); one that parts fit is refused (409, how many in its detail). */
export function deleteVehicle(id: string): Promise<void> {
  return apiRequest<void>(`/api/vehicles/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

/** The screen shows a refusal itself, above the table; the cache toasts only server faults. */
export function useDeleteVehicleMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteVehicle,
    meta: { toast: 'faults' },
    // Only a delete that happened changes the lists; a refusal leaves them as they are.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['vehicles'] }),
  });
}
