import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Address } from '#shared/schemas/address';
import type { Order, OrderLineInput } from '#shared/schemas/orders';
import { apiRequest } from '../../../lib/api-client';
import { cartQueryKey } from './get-cart';

/**
 * A person's order names the address typed; a company member's names one of the company's delivery
 * sites, and may carry a PO number and ask to pay on account.
 */
export type PlaceCartOrderInput = { lines: OrderLineInput[]; phone: string } & (
  { deliveryAddress: Address } | { deliveryAddressId: string; poNumber?: string; payment: 'card' | 'account' }
);

/**
 * The order as placed: `pending_payment` goes on to be paid by card; a member's order is `confirmed`
 * on account (invoiced at once, with its due date) or `awaiting_approval` above their order limit.
 */
export type PlacedCartOrder = Pick<Order, 'id' | 'number' | 'invoiceNumber'> & {
  status: string;
  dueDate?: string | null;
};

export interface PlaceCartOrderRequest {
  input: PlaceCartOrderInput;
  /** One per submission attempt: a double click or a retry of the same attempt makes one order. */
  idempotencyKey: string;
}

/**
 * Orders the cart's lines in one order (POST /api/orders with `lines`): the server prices each line,
 * takes the stock of all of them in one transaction and removes the ordered lines from the cart. A
 * refused line comes back as `errors["lines.N.quantity"]` or `errors["lines.N.partId"]`, N its index
 * in the lines sent.
 */
export function placeCartOrder({ input, idempotencyKey }: PlaceCartOrderRequest): Promise<PlacedCartOrder> {
  return apiRequest<PlacedCartOrder>('/api/orders', {
    method: 'POST',
    body: input,
    headers: { 'idempotency-key': idempotencyKey },
  });
}

/** The cart page tells refusals on its lines and fields; the cache toasts only server faults. */
export function usePlaceCartOrderMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: placeCartOrder,
    meta: { toast: 'faults' },
    // Whatever the answer, the cart, the stock and the orders may have changed. Not awaited: the page
    // goes on to the payment first, rather than drawing the emptied cart on the way.
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: cartQueryKey });
      void queryClient.invalidateQueries({ queryKey: ['parts'] });
      void queryClient.invalidateQueries({ queryKey: ['orders'] });
      // A company's balance and credit left follow its orders on account.
      void queryClient.invalidateQueries({ queryKey: ['me', 'company'] });
    },
  });
}
