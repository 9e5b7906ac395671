import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { PartList, PartSort } from '#shared/schemas/parts';
import { apiCall, type ApiCall, apiRequest, queryString } from '../../../lib/api-client';

export interface PartsQuery {
  q?: string;
  sort?: PartSort;
  page?: number;
  limit?: number;
  /** Only the parts that can be booked. */
  inStock?: boolean;
  /** A category's slug. */
  category?: string;
  /** Only the parts that fit this vehicle (in `year`, when given). */
  vehicle?: string;
  /** Only the parts that fit one of this make's vehicles (in `year`, when given). */
  make?: string;
  year?: number;
  /** Only the parts in the flash deal. */
  deal?: boolean;
}

export function getParts({ inStock, deal, ...query }: PartsQuery, call: ApiCall = {}): Promise<PartList> {
  // Every field is the API's parameter of the same name; the flags are sent only when on.
  return apiRequest<PartList>(
    `/api/parts${queryString({ ...query, inStock: inStock ? 'true' : undefined, deal: deal ? 'true' : undefined })}`,
    call,
  );
}

export function partsQueryOptions(query: PartsQuery) {
  return queryOptions({
    queryKey: ['parts', 'list', query],
    queryFn: (context) => getParts(query, apiCall(context)),
  });
}

/** A page of parts; while the next page loads, the previous one stays on screen. */
export function usePartsQuery(query: PartsQuery) {
  return useQuery({ ...partsQueryOptions(query), placeholderData: keepPreviousData });
}
