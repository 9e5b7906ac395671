import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Order } from '#shared/schemas/orders';
import * as copy from '#shared/copy';
import { apiRequest } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';

export type OrderDecision = { id: string; decision: 'approve' } | { id: string; decision: 'decline'; reason: string };

/**
 * A company admin approves a member's order awaiting approval (it becomes `confirmed` on account, or
 * `pending_payment` to be paid by card) or declines it with a reason (its stock goes back). Someone
 * else, or an order of another company, answers 404; an approval over the credit limit 409.
 */
export function decideOrder(decision: OrderDecision): Promise<Order> {
  const url = `/api/orders/${encodeURIComponent(decision.id)}/${decision.decision}`;
  return apiRequest<Order>(url, {
    method: 'POST',
    body: decision.decision === 'decline' ? { reason: decision.reason } : {},
  });
}

/**
 * The lists, the part's stock and the company's balance all follow a decision. Told here rather than by
 * the button: the order's row redraws with its new status, and the button goes, before a caller's own
 * callbacks would run.
 */
export function useDecideOrderMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: decideOrder,
    // The page says where a refusal belongs (the reason's field, or a toast).
    meta: { toast: 'faults' },
    onSuccess: (_order, decision) =>
      toast.success(decision.decision === 'approve' ? copy.memberOrders.approved : copy.memberOrders.declined),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['orders'] }),
        queryClient.invalidateQueries({ queryKey: ['parts'] }),
        queryClient.invalidateQueries({ queryKey: ['me', 'company'] }),
      ]),
  });
}
