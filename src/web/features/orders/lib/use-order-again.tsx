import { useNavigate } from 'react-router';
import { paths } from '#shared/paths';
import type { Order } from '#shared/schemas/orders';
import { toast } from '../../../lib/toast';
import { useReorderMutation } from '../api/reorder';
import { ReorderToast } from '../components/reorder-toast';

/**
 * "Order again": puts an order's lines in the cart at today's prices, then says in a toast how many
 * went, which parts are no longer sold, and links to the cart. A refusal is the mutation's toast.
 */
export function useOrderAgain() {
  const reorder = useReorderMutation();
  const navigate = useNavigate();

  const orderAgain = (order: Pick<Order, 'id' | 'lines'>) => {
    if (reorder.isPending) return;
    reorder.mutate(order.id, {
      onSuccess: (result) =>
        toast.success(
          <ReorderToast
            added={Math.max(0, order.lines.length - result.unavailable.length)}
            unavailable={result.unavailable}
            replaced={result.replaced?.map((line) => line.message)}
            cartHref={paths.cart}
            onOpenCart={() => void navigate(paths.cart)}
          />,
        ),
    });
  };

  /** Whether this order's lines are on their way to the cart. */
  const isOrderingAgain = (id: string) => reorder.isPending && reorder.variables === id;

  return { orderAgain, isOrderingAgain };
}
