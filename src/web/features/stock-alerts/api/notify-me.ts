import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { stockAlertsQueryKey } from './get-stock-alerts';

const notifyMePath = (partId: string) => `/api/parts/${encodeURIComponent(partId)}/notify-me`;

/** Asks to be mailed once when the sold-out part is back (asking twice is asking once). */
export function notifyMe(partId: string): Promise<void> {
  return apiRequest<void>(notifyMePath(partId), { method: 'POST' });
}

/** Stops waiting for the part. */
export function stopNotifyingMe(partId: string): Promise<void> {
  return apiRequest<void>(notifyMePath(partId), { method: 'DELETE' });
}

/** A refusal (the part is in stock after all, too many waiting) is the cache's toast, with the server's reason. */
export function useNotifyMeMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: notifyMe,
    onSettled: () => queryClient.invalidateQueries({ queryKey: stockAlertsQueryKey }),
  });
}

export function useStopNotifyingMeMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: stopNotifyingMe,
    onSettled: () => queryClient.invalidateQueries({ queryKey: stockAlertsQueryKey }),
  });
}
