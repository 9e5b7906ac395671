import type { QueryClient } from '@tanstack/react-query';
import * as copy from '#shared/copy';
import { addingProblem, type OrderablePart, smallestAllowedQuantity } from '#shared/pricing';
import { ApiError } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { cartQueryOptions } from '../api/get-cart';
import { setCartLine } from '../api/set-cart-line';
import { addToBrowserCart, readBrowserCart } from './browser-cart';

/** What "Add to cart" needs of a part: its id and name, and its quantity rules. */
export type CartPart = OrderablePart & { id: string; name: string };

/**
 * "Add to cart": adds `quantity` units of a part (by default the smallest it may be ordered in: its
 * minimum, in whole packs) to the cart, to its line when it has one: the browser's cart for a visitor,
 * the account's for someone signed in. The new quantity is checked against the part's rules first, as
 * the server will check it, and a toast says what happened. Resolves whether the part was added.
 *
 * A plain function rather than a hook, so that the cards can load it when "Add to cart" is pressed
 * instead of with the page.
 */
export async function addToCart(
  queryClient: QueryClient,
  owner: 'visitor' | 'signed-in',
  part: CartPart,
  quantity = smallestAllowedQuantity(part),
): Promise<boolean> {
  try {
    const inCart =
      owner === 'visitor'
        ? readBrowserCart().find((line) => line.partId === part.id)?.quantity
        : (await queryClient.ensureQueryData(cartQueryOptions())).lines.find((line) => line.partId === part.id)?.quantity;
    const problem = addingProblem(part, quantity, inCart ?? 0);
    if (problem) {
      toast.error(problem);
      return false;
    }
    if (owner === 'visitor') addToBrowserCart(part.id, quantity);
    else
      queryClient.setQueryData(
        cartQueryOptions().queryKey,
        await setCartLine({ partId: part.id, quantity: (inCart ?? 0) + quantity }),
      );
    toast.success(copy.cartView.added(quantity, part.name));
    return true;
  } catch (error) {
    // A refusal (a rule, a part no longer sold, a full cart) is said as the server words it.
    if (error instanceof ApiError && !error.isServerFault) toast.error(error.fieldErrors.quantity ?? error.message);
    else toast.error(copy.common.somethingWrong, { toastId: 'server-fault' });
    return false;
  }
}
