import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  ApproveReturnInput,
  CreateReturnInput,
  ReceiveReturnInput,
  RefuseReturnInput,
  Return,
  ReturnList,
  ReturnStatus,
} from '#shared/schemas/returns';
import { apiCall, type ApiCall, apiRequest, queryString } from '../../../lib/api-client';

export interface ReturnsQuery {
  page: number;
  limit: number;
  status?: ReturnStatus;
  orderId?: string;
}

/** The caller's returns, newest first: their own, their company's (a company admin) or every one (a shop admin). */
export function getReturns({ page, limit, status, orderId }: ReturnsQuery, call: ApiCall = {}): Promise<ReturnList> {
  return apiRequest<ReturnList>(`/api/returns${queryString({ page, limit, status, orderId })}`, call);
}

export function returnsQueryOptions(query: ReturnsQuery) {
  return queryOptions({
    queryKey: ['returns', 'list', query],
    queryFn: (context) => getReturns(query, apiCall(context)),
    // A return moves on elsewhere (the shop approves, receives and credits it).
    staleTime: 0,
  });
}

/** A page of returns; while the next page loads, the previous one stays on screen. */
export function useReturnsQuery(query: ReturnsQuery, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...returnsQueryOptions(query), placeholderData: keepPreviousData, enabled });
}

export function returnQueryOptions(id: string) {
  return queryOptions({
    queryKey: ['returns', 'detail', id],
    queryFn: (context) => apiRequest<Return>(`/api/returns/${encodeURIComponent(id)}`, apiCall(context)),
    staleTime: 0,
  });
}

/** One return; one the caller may not see answers 404, as one that does not exist. */
export function useReturnQuery(id: string) {
  return useQuery(returnQueryOptions(id));
}

/** Asks to return lines of a delivered order; the form shows the refusals under its fields. */
export function useCreateReturnMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateReturnInput) =>
      apiRequest<{ id: string; number: string; status: 'requested' }>('/api/returns', { method: 'POST', body: input }),
    meta: { toast: 'faults' },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['returns'] }),
  });
}

export type ReturnAction =
  | { id: string; action: 'approve'; body: ApproveReturnInput }
  | { id: string; action: 'refuse'; body: RefuseReturnInput }
  | { id: string; action: 'receive'; body: ReceiveReturnInput }
  | { id: string; action: 'credit' };

/**
 * A shop admin moves a return on. The answer is the return as it is after, shown at once; a credit also
 * changes the order (its credit note), and may put parts back in stock.
 */
export function useReturnActionMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (step: ReturnAction) =>
      apiRequest<Return>(`/api/returns/${encodeURIComponent(step.id)}/${step.action}`, {
        method: 'POST',
        body: step.action === 'credit' ? undefined : step.body,
      }),
    // The page puts a refusal naming a field under it; any other one is the cache's toast.
    meta: { toast: 'faults' },
    onSuccess: (ret) => queryClient.setQueryData(returnQueryOptions(ret.id).queryKey, ret),
    onSettled: (_ret, _error, step) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['returns'] }),
        ...(step.action === 'credit'
          ? [queryClient.invalidateQueries({ queryKey: ['orders'] }), queryClient.invalidateQueries({ queryKey: ['parts'] })]
          : []),
      ]),
  });
}
