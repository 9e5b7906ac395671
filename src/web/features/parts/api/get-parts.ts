import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { PartList, PartSort } from '#shared/schemas/parts';
import { apiRequest, queryString } from '../../../lib/api-client';

export interface PartsQuery {
  q?: string;
  sort?: PartSort;
  page?: number;
  limit?: number;
  /** Only the parts that can be booked. */
  inStock?: boolean;
}

export function getParts(query: PartsQuery, signal?: AbortSignal): Promise<PartList> {
  return apiRequest<PartList>(
    `/api/parts${queryString({
      q: query.q,
      sort: query.sort,
      inStock: query.inStock ? 'true' : undefined,
      page: query.page,
      limit: query.limit,
    })}`,
    {
      signal,
    },
  );
}

export function partsQueryOptions(query: PartsQuery) {
  return queryOptions({
    queryKey: ['parts', 'list', query],
    queryFn: ({ signal }) => getParts(query, signal),
  });
}

/** A page of parts; while the next page loads, the previous one stays on screen. */
export function usePartsQuery(query: PartsQuery) {
  return useQuery({ ...partsQueryOptions(query), placeholderData: keepPreviousData });
}
