import { Link } from 'react-router';
import * as copy from '#shared/copy';
import { paths } from '#shared/paths';
import { PageHeader } from '../../components/page-header';
import { useCartQuery } from '../../features/cart/api/get-cart';
import { CartView } from '../../features/cart/components/cart-view';
import { companyTaxStatus, isApprovedCompany, memberOf, useMyCompanyQuery } from '../../features/companies/api/get-my-company';
import { useSettingsQuery } from '../../features/settings/api/get-settings';
import { useSession } from '../../features/auth/hooks/use-session';
import { SaveAsList } from '../../features/saved-lists/components/save-as-list';
import { buyerTaxStatusFrom } from '#shared/order-totals';
import { withReturnPath } from '#shared/return-path';

/** Signing in (or up) from the cart comes back to it, where the visitor's cart has joined the account's. */
const signInFromCart = withReturnPath(paths.login, paths.cart);

/** /cart (anyone): the cart's lines and totals; a signed-in customer orders them from here. */
export default function CartPage() {
  // Delivery and tax are priced from the shop's settings, as the server will price the order.
  const settings = useSettingsQuery();
  const session = useSession();
  const signedIn = session.status === 'signed-in';
  // A member of an active (or held) company orders for it: to its sites, with its terms and tax status.
  const listed = signedIn && !session.isAdmin ? session.company : null;
  const company = useMyCompanyQuery(listed);
  const ordering = listed && company.data && isApprovedCompany(company.data) ? company.data : null;
  const me = signedIn ? memberOf(ordering, session.user.id) : undefined;
  // The same query the cart view reads: whether there is anything to save as a list.
  const cart = useCartQuery(signedIn && ordering !== null);
  return (
    <>
      <title>{`${copy.cartView.title} · ${copy.brand}`}</title>
      <PageHeader title={copy.cartView.title} text={copy.cartView.text} />
      <div className="container-page py-10 sm:py-14">
        <CartView
          settings={settings.data}
          buyer={ordering ? companyTaxStatus(ordering) : signedIn ? buyerTaxStatusFrom(session) : undefined}
          member={listed && company.isPending ? 'loading' : ordering && me ? { company: ordering, member: me } : undefined}
          onSettingsRetry={settings.isError && !settings.data ? () => void settings.refetch() : undefined}
          signIn={
            <Link to={signInFromCart} className="btn btn-primary btn-lg w-full">
              {copy.cartView.signInToOrder}
            </Link>
          }
        />
        {/* A company's saved lists: its members keep a cart to order again (docs/shop-rules.md, "Trade accounts"). */}
        {ordering && me && (cart.data?.lines.length ?? 0) > 0 ? (
          <div className="mt-6 flex justify-end">
            <SaveAsList source={{ fromCart: true }} />
          </div>
        ) : null}
      </div>
    </>
  );
}
