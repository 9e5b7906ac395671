import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Part } from '#shared/schemas/parts';
import { apiRequest } from '../../../lib/api-client';

export function getPart(id: string, signal?: AbortSignal): Promise<Part> {
  return apiRequest<Part>(`/api/parts/${encodeURIComponent(id)}`, { signal });
}

export function partQueryOptions(id: string) {
  return queryOptions({
    queryKey: ['parts', 'detail', id],
    queryFn: ({ signal }) => getPart(id, signal),
  });
}

export function usePartQuery(id: string) {
  return useQuery(partQueryOptions(id));
}
