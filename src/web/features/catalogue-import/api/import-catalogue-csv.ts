import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CatalogueCsvKind, CatalogueCsvReport } from '#shared/schemas/catalogue-exchange';
import { apiRequest } from '../../../lib/api-client';

/** The two files' downloads: the whole catalogue, streamed by the server. */
export const CATALOGUE_CSV_URL = '/api/admin/catalogue.csv';
export const FITMENTS_CSV_URL = '/api/admin/fitments.csv';

/** Checks a parts or fitments CSV file (`apply` false) or imports it; answers what it adds, changes and leaves, or its errors. */
export function importCatalogueCsv({
  kind,
  file,
  apply,
}: {
  kind: CatalogueCsvKind;
  file: Blob;
  apply: boolean;
}): Promise<CatalogueCsvReport> {
  return apiRequest<CatalogueCsvReport>(`/api/admin/catalogue/import?kind=${kind}&apply=${apply ? 'true' : 'false'}`, {
    method: 'POST',
    body: file,
    headers: { 'content-type': 'text/csv' },
  });
}

export function useImportCatalogueCsvMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: importCatalogueCsv,
    // An applied file changes parts and what they fit: every part's page and list read anew.
    onSuccess: (report, { apply }) => (apply && report.ok ? queryClient.invalidateQueries() : undefined),
  });
}
