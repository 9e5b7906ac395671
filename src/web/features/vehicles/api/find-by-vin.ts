import { useMutation } from '@tanstack/react-query';
import type { VinLookup } from '#shared/schemas/vin';
import { apiRequest } from '../../../lib/api-client';

/** The make and model year a VIN names, and the shop's vehicles of that make built that year. */
export function findByVin(vin: string): Promise<VinLookup> {
  return apiRequest<VinLookup>(`/api/vehicles/vin/${encodeURIComponent(vin)}`);
}

/** Asked when the person presses Find; the finder says every refusal and fault under its field itself. */
export function useFindByVinMutation() {
  return useMutation({ mutationFn: findByVin, meta: { toast: 'none' } });
}
