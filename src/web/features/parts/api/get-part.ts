import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Part } from '#shared/schemas/parts';
import { apiCall, type ApiCall, apiRequest } from '../../../lib/api-client';

export function getPart(id: string, call: ApiCall = {}): Promise<Part> {
  return apiRequest<Part>(`/api/parts/${encodeURIComponent(id)}`, call);
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
