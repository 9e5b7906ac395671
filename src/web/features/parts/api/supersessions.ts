import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SupersessionInput, SupersessionList } from '#shared/schemas/supersessions';
import { apiCall, type ApiCall, apiRequest } from '../../../lib/api-client';

const base = (partId: string) => `/api/parts/${encodeURIComponent(partId)}/supersessions`;

/** The old numbers a part replaces, and the part replacing its own number, if any. */
export function getSupersessions(partId: string, call: ApiCall = {}): Promise<SupersessionList> {
  return apiRequest<SupersessionList>(base(partId), call);
}

export function supersessionsQueryOptions(partId: string) {
  return queryOptions({
    queryKey: ['parts', 'supersessions', partId],
    queryFn: (context) => getSupersessions(partId, apiCall(context)),
  });
}

export function useSupersessionsQuery(partId: string) {
  return useQuery(supersessionsQueryOptions(partId));
}

/** Admin: the part replaces `fromNumber` from now on (a part on sale under it is archived). */
export function addSupersession({ partId, input }: { partId: string; input: SupersessionInput }): Promise<SupersessionList> {
  return apiRequest<SupersessionList>(base(partId), { method: 'POST', body: input });
}

/** Admin: the old number no longer leads to the part. */
export function removeSupersession({ partId, fromNumber }: { partId: string; fromNumber: string }): Promise<void> {
  return apiRequest<void>(`${base(partId)}/${encodeURIComponent(fromNumber)}`, { method: 'DELETE' });
}

export function useAddSupersessionMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addSupersession,
    onSuccess: (list, { partId }) => queryClient.setQueryData(['parts', 'supersessions', partId], list),
    // A part sold under the replaced number was archived: the lists change.
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['parts'] }),
  });
}

export function useRemoveSupersessionMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeSupersession,
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['parts'] }),
  });
}
