import { NavLink } from 'react-router';
import * as copy from '#shared/copy';
import { paths } from '#shared/paths';
import { CartIcon } from '../../../components/icons';
import { useCartQuery } from '../api/get-cart';
import { useBrowserCart } from '../lib/browser-cart';
import { useCartOwner } from '../lib/cart-owner';
import { useMergeBrowserCartOnSignIn } from '../lib/use-merge-browser-cart';

/** The link itself: an icon with the number of lines, undefined while not known. */
function CartLink({ count }: { count: number | undefined }) {
  return (
    <NavLink
      to={paths.cart}
      aria-label={count === undefined ? copy.cartView.navLabelLoading : copy.cartView.navLabel(count)}
      className={({ isActive }) =>
        `relative inline-flex h-10 w-10 items-center justify-center rounded-lg transition-colors hover:bg-white/10 ${
          isActive ? 'text-brand-300' : 'text-slate-200 hover:text-white'
        }`
      }
    >
      <CartIcon className="h-6 w-6" />
      {count ? (
        <span
          aria-hidden="true"
          data-testid="cart-count"
          className="absolute -top-0.5 -right-0.5 inline-flex h-5 min-w-5 items-center justify-center rounded-full bg-brand-500 px-1 text-xs font-bold text-slate-950 tabular-nums"
        >
          {count > 99 ? '99+' : count}
        </span>
      ) : null}
    </NavLink>
  );
}

function BrowserCartLink() {
  return <CartLink count={useBrowserCart().length} />;
}

/**
 * Drawn only while someone is signed in: a visitor's pages hold no query of the server's cart, so the
 * pages the server draws for visitors hold no data their loaders did not load (entry-server.tsx).
 */
function ServerCartLink() {
  return <CartLink count={useCartQuery(true).data?.lines.length} />;
}

/**
 * The navbar's cart: an icon with the number of lines, to /cart. Mounted on every page, it is also
 * where a visitor's browser cart joins the account's cart once they sign in.
 */
export function CartNavLink() {
  useMergeBrowserCartOnSignIn();
  const owner = useCartOwner();
  if (owner === 'visitor') return <BrowserCartLink />;
  if (owner === 'signed-in') return <ServerCartLink />;
  return <CartLink count={undefined} />;
}
