import type { Order } from '#shared/schemas/orders';

/** An order on account that has been confirmed (and perhaps shipped since): invoiced, paid later. */
export function isOnAccount(order: Order): boolean {
  return order.payment === 'account' && ['confirmed', 'shipped', 'delivered'].includes(order.status);
}
