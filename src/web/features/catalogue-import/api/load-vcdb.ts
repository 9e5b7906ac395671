import { useMutation } from '@tanstack/react-query';
import type { VcdbLoad } from '#shared/schemas/catalogue-import';
import { apiRequest } from '../../../lib/api-client';

/** Sends a VCdb extract (CSV); answers how many rows matched the shop's vehicles and the rows that did not. */
export function loadVcdb(file: Blob): Promise<VcdbLoad> {
  // Spreadsheets on some systems label CSV files otherwise; the server reads the bytes as CSV.
  return apiRequest<VcdbLoad>('/api/admin/vcdb', { method: 'POST', body: file, headers: { 'content-type': 'text/csv' } });
}

export function useLoadVcdbMutation() {
  return useMutation({ mutationFn: loadVcdb });
}
