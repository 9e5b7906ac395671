import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AcesImportReport } from '#shared/schemas/catalogue-import';
import { apiRequest } from '../../../lib/api-client';

/** Checks an ACES file (`apply` false) or imports it; answers the fitments it adds, changes and leaves, or its errors. */
export function importAces({ file, apply }: { file: Blob; apply: boolean }): Promise<AcesImportReport> {
  return apiRequest<AcesImportReport>(`/api/admin/aces?apply=${apply ? 'true' : 'false'}`, {
    method: 'POST',
    body: file,
    headers: { 'content-type': 'application/xml' },
  });
}

export function useImportAcesMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: importAces,
    // An imported file changes what parts fit: every part's page and list read anew.
    onSuccess: (report, { apply }) => (apply && report.ok ? queryClient.invalidateQueries() : undefined),
  });
}
