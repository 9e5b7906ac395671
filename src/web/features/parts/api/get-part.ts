import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PartDetail } from '#shared/schemas/parts';
import { apiCall, type ApiCall, apiRequest } from '../../../lib/api-client';

/** One part on sale, with the vehicles it fits. */
export function getPart(id: string, call: ApiCall = {}): Promise<PartDetail> {
  return apiRequest<PartDetail>(`/api/parts/${encodeURIComponent(id)}`, call);
}

export function partQueryOptions(id: string) {
  return queryOptions({
    queryKey: ['parts', 'detail', id],
    queryFn: (context) => getPart(id, apiCall(context)),
  });
}

export function usePartQuery(id: string) {
  return useQuery(partQueryOptions(id));
}
