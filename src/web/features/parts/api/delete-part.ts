import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { UnpaidOrdersOfPart } from '#shared/schemas/parts';
import { apiCall, type ApiCall, apiRequest, queryString } from '../../../lib/api-client';

export interface DeletePartInput {
  id: string;
  /** The admin was told that the part's unpaid orders are cancelled with it, and agreed. */
  cancelUnpaidOrders: boolean;
}

/**
 * Removes a part from the shop (admin only); one with orders is archived, kept for their history.
 * A part with unpaid orders is removed only with `cancelUnpaidOrders` (they are cancelled with it);
 * without it the server answers 409.
 */
export function deletePart({ id, cancelUnpaidOrders }: DeletePartInput): Promise<void> {
  return apiRequest<void>(
    `/api/parts/${encodeURIComponent(id)}${queryString({ cancelUnpaidOrders: cancelUnpaidOrders ? 'true' : undefined })}`,
    { method: 'DELETE' },
  );
}

/** How many unpaid orders deleting the part would cancel, for the delete confirmation. */
export function getUnpaidOrdersOfPart(id: string, call: ApiCall = {}): Promise<UnpaidOrdersOfPart> {
  return apiRequest<UnpaidOrdersOfPart>(`/api/parts/${encodeURIComponent(id)}/unpaid-orders`, call);
}

export function unpaidOrdersOfPartQueryOptions(id: string) {
  return queryOptions({
    // Not under 'parts': refreshing the parts after the delete must not ask again about a part now gone.
    queryKey: ['part-unpaid-orders', id],
    queryFn: (context) => getUnpaidOrdersOfPart(id, apiCall(context)),
    // Customers book and pay all the time: counted afresh each time the dialog opens.
    staleTime: 0,
    gcTime: 0,
  });
}

export function useUnpaidOrdersOfPartQuery(id: string | undefined) {
  return useQuery({ ...unpaidOrdersOfPartQueryOptions(id ?? ''), enabled: id !== undefined });
}

export function useDeletePartMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deletePart,
    onSuccess: (_nothing, { id }) => queryClient.removeQueries({ queryKey: ['parts', 'detail', id] }),
    onSettled: async () => {
      // Its unpaid orders may have been cancelled with it.
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: ['parts'] }),
        queryClient.invalidateQueries({ queryKey: ['orders'] }),
      ]);
    },
  });
}
