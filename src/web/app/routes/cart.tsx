import { Link } from 'react-router';
import * as copy from '#shared/copy';
import { paths } from '#shared/paths';
import { PageHeader } from '../../components/page-header';
import { CartView } from '../../features/cart/components/cart-view';
import { useSettingsQuery } from '../../features/settings/api/get-settings';
import { useSession } from '../../features/auth/hooks/use-session';
import { buyerTaxStatusFrom } from '#shared/order-totals';
import { withReturnPath } from '#shared/return-path';

/** Signing in (or up) from the cart comes back to it, where the visitor's cart has joined the account's. */
const signInFromCart = withReturnPath(paths.login, paths.cart);

/** /cart (anyone): the cart's lines and totals; a signed-in customer orders them from here. */
export default function CartPage() {
  // Delivery and tax are priced from the shop's settings, as the server will price the order.
  const settings = useSettingsQuery();
  const session = useSession();
  return (
    <>
      <title>{`${copy.cartView.title} · ${copy.brand}`}</title>
      <PageHeader title={copy.cartView.title} text={copy.cartView.text} />
      <div className="container-page py-10 sm:py-14">
        <CartView
          settings={settings.data}
          buyer={session.status === 'signed-in' ? buyerTaxStatusFrom(session) : undefined}
          onSettingsRetry={settings.isError && !settings.data ? () => void settings.refetch() : undefined}
          signIn={
            <Link to={signInFromCart} className="btn btn-primary btn-lg w-full">
              {copy.cartView.signInToOrder}
            </Link>
          }
        />
      </div>
    </>
  );
}
