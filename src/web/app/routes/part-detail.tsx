import { buyerTaxStatusFrom } from '#shared/order-totals';
import { useSuspenseQuery } from '@tanstack/react-query';
import { type ComponentProps, lazy, Suspense, useMemo, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import * as copy from '#shared/copy';
import { paths } from '#shared/paths';
import { discountedCents } from '#shared/pricing';
import { withReturnPath } from '#shared/return-path';
import type { Part } from '#shared/schemas/parts';
import { isInStock } from '#shared/stock';
import { DealPrice } from '../../components/deal-price';
import { NotFoundView } from '../../components/not-found-view';
import { Picture } from '../../components/picture';
import { SectionBoundary } from '../../components/section-boundary';
import { SectionError } from '../../components/section-error';
import { Spinner } from '../../components/spinner';
import { Stars } from '../../components/stars';
import { WhenNearViewport } from '../../components/when-near-viewport';
import { VerifyEmailNotice } from '../../features/auth/components/verify-email-notice';
import { useSession } from '../../features/auth/hooks/use-session';
import { isApprovedCompany, memberOf, useMyCompanyQuery } from '../../features/companies/api/get-my-company';
import { YourPrice } from '../../features/companies/components/your-price';
import { AddToCartButton } from '../../features/cart/components/add-to-cart-button';
import { useAddToCart } from '../../features/cart/lib/use-add-to-cart';
import { NotifyMe } from '../../features/stock-alerts/components/notify-me';
import { partQueryOptions, usePartQuery } from '../../features/parts/api/get-part';
import { ReplacedPart, replacementIn } from '../../features/parts/components/replaced-part';
import { settingsQueryOptions } from '../../features/settings/api/get-settings';
import { PartFits } from '../../features/vehicles/components/part-fits';
import { ApiError } from '../../lib/api-client';
import { useDealPercent } from '../../lib/use-deal-percent';
import { type FormatMoney, useMoney } from '../../lib/use-money';
import { formatCount } from '#shared/numbers';
import { pageLoader } from '../page-data';

/** The part the page draws (the server draws it for visitors: docs/decisions/0013-server-rendering.md). */
export const loader = pageLoader((queryClient, { params }) => queryClient.ensureQueryData(partQueryOptions(params.partId ?? '')));

// The form brings zod and react-hook-form: its own chunk, fetched when the visitor gets near it.
const BookingForm = lazy(() => import('../../features/orders/components/booking-form'));

/** The booking form once the shop's settings (countries delivered to, delivery and tax) are in: the form's placeholder meanwhile. */
function BookingWithSettings(props: Omit<ComponentProps<typeof BookingForm>, 'settings'>) {
  const settings = useSuspenseQuery(settingsQueryOptions());
  return <BookingForm {...props} settings={settings.data} />;
}

function BookingFormPlaceholder() {
  return (
    <div aria-hidden="true" className="grid gap-5">
      {[12, 12, 24].map((height, index) => (
        <div key={index}>
          <div className="mb-1.5 h-5 w-20 rounded bg-slate-200" />
          <div className="rounded-lg bg-slate-100" style={{ height: `${height / 4}rem` }} />
        </div>
      ))}
      <div className="h-12 w-40 rounded-lg bg-brand-700/40" />
    </div>
  );
}

/**
 * The part's prices as one line, its own price from its minimum order first, then each volume price:
 * "12+ $48.90 · 48+ $46.50 · 96+ $44.00" (docs/shop-rules.md, "Volume prices and pack sizes"), each
 * with the flash deal's percentage off while it runs.
 */
function priceLine(part: Part, dealPercent: number, formatMoney: FormatMoney): string {
  return [{ minQuantity: part.minOrderQuantity, unitPriceCents: part.priceCents }, ...part.priceTiers]
    .map((tier) => copy.pricing.tier(tier.minQuantity, formatMoney(discountedCents(tier.unitPriceCents, dealPercent))))
    .join(copy.pricing.tierSeparator);
}

/**
 * What a visitor gets where the booking form would be: why booking needs an account, the ways to sign in
 * or up that come back to this part, and "Add to cart", which needs none.
 */
function SignInToBook({ part }: { part: Part }) {
  const here = paths.part(part.id);
  return (
    <div data-testid="booking-sign-in">
      <p className="font-medium text-slate-800">{copy.booking.signInToBookText}</p>
      <div className="mt-5 flex flex-wrap gap-3">
        <Link to={withReturnPath(paths.login, here)} className="btn btn-primary btn-lg w-full sm:w-auto">
          {copy.booking.signInToBook}
        </Link>
        <Link to={withReturnPath(paths.signup, here)} className="btn btn-lg btn-outline w-full sm:w-auto">
          {copy.booking.createAccount}
        </Link>
        <AddToCartButton part={part} className="btn-lg w-full sm:w-auto" />
      </div>
    </div>
  );
}

/** /part/:partId (anyone): the part, its stock and minimum, and the booking form (signed in) or the way to it. */
export default function PartDetailPage() {
  const { partId = '' } = useParams();
  const part = usePartQuery(partId);
  const session = useSession();
  const { add: addToCart } = useAddToCart();
  const navigate = useNavigate();
  // A member of an active (or held) company orders for it from the cart, where they choose its site.
  const listed = session.status === 'signed-in' && !session.isAdmin ? session.company : null;
  const company = useMyCompanyQuery(listed);
  const ordering =
    session.status === 'signed-in' && listed && isApprovedCompany(company.data) && memberOf(company.data, session.user.id)
      ? company.data
      : null;
  // The flash deal's percentage off every price of the part, 0 once it has ended (also while drawn).
  const dealPercent = useDealPercent(part.data?.deal);
  const formatMoney = useMoney();
  const booked = useMemo(() => (part.data ? { ...part.data, dealPercent } : undefined), [part.data, dealPercent]);
  // Set when a booking was refused for an unverified address: the way to get the link again shows.
  const [needsVerification, setNeedsVerification] = useState(false);
  if (part.isPending) return <Spinner className="min-h-[60vh]" />;
  if (part.isError) {
    // A part no longer sold because its number was replaced sends the buyer to the part replacing it.
    if (part.error instanceof ApiError && part.error.status === 404) {
      const replacement = replacementIn(part.error);
      return replacement ? <ReplacedPart replacement={replacement} /> : <NotFoundView />;
    }
    return (
      <div className="container-page py-16">
        <h1 className="sr-only">{copy.common.pageErrorTitle}</h1>
        <SectionError onRetry={() => void part.refetch()} message={copy.common.somethingWrong} />
      </div>
    );
  }
  const { data } = part;
  const bookable = isInStock(data);
  return (
    <div className="container-page grid gap-10 py-10 sm:py-14 lg:grid-cols-2 lg:grid-rows-[auto_1fr]">
      <title>{`${data.name} · ${copy.brand}`}</title>
      <Picture
        src={data.imageUrl}
        alt={data.name}
        width={960}
        height={720}
        sizes="(min-width: 1024px) 600px, 94vw"
        priority
        className="aspect-[4/3] w-full rounded-2xl shadow-sm"
      />
      <div className="lg:row-span-2">
        <h1 className="text-3xl font-black tracking-tight text-slate-900 sm:text-4xl">{data.name}</h1>
        <div className="mt-3 flex flex-wrap items-center gap-2" data-testid="part-rating">
          {data.rating.count > 0 ? (
            <>
              <Stars value={data.rating.average} />
              <span className="text-sm font-medium text-slate-700">
                {copy.part.ratingSummary(data.rating.average, data.rating.count)}
              </span>
            </>
          ) : (
            <span className="text-sm text-slate-600">{copy.part.noRatings}</span>
          )}
          {session.status === 'signed-in' && !session.isAdmin ? (
            <Link
              to={`${paths.addReview}?partId=${encodeURIComponent(data.id)}`}
              className="link link-primary text-sm font-semibold"
            >
              {copy.reviews.writeReview}
            </Link>
          ) : null}
        </div>
        <dl className="mt-6 grid grid-cols-2 gap-4">
          <div>
            <dt className="text-sm font-semibold text-slate-600">{copy.part.price}</dt>
            <dd className="text-2xl font-extrabold text-slate-900">
              <DealPrice priceCents={data.priceCents} deal={data.deal} />
            </dd>
          </div>
          <div>
            <dt className="text-sm font-semibold text-slate-600">{copy.part.availableQuantity}</dt>
            <dd className="text-2xl font-extrabold text-slate-900" data-testid="part-stock">
              {formatCount(data.stock)}
            </dd>
          </div>
        </dl>
        {data.coreChargeCents > 0 ? (
          <p className="mt-3 text-sm text-slate-700" data-testid="part-core-deposit">
            {copy.part.coreDeposit(formatMoney(data.coreChargeCents))}
          </p>
        ) : null}
        {/* The public price above comes with the cached page; a member's own price follows once loaded. */}
        <YourPrice part={data} active={listed?.status === 'active'} />
        {dealPercent > 0 ? (
          <p className="mt-3 text-sm font-semibold text-brand-800" data-testid="part-deal">
            {copy.deal.onDeal(dealPercent)}
          </p>
        ) : null}
        {bookable ? null : (
          <p className="mt-4">
            <span className="inline-block rounded-full bg-slate-900 px-3 py-1 text-sm font-bold text-white">
              {copy.part.outOfStock}
            </span>
          </p>
        )}
        <dl className="mt-6 grid gap-x-4 gap-y-4 sm:grid-cols-2" data-testid="part-catalogue">
          <div>
            <dt className="text-sm font-semibold text-slate-600">{copy.part.sku}</dt>
            <dd className="font-mono text-lg font-bold tracking-wide text-slate-900" data-testid="part-sku">
              {data.sku}
            </dd>
          </div>
          <div>
            <dt className="text-sm font-semibold text-slate-600">{copy.part.category}</dt>
            <dd className="text-lg font-bold text-slate-900" data-testid="part-category">
              {data.category.name}
            </dd>
          </div>
          {data.crossReferences.length > 0 ? (
            <div className="sm:col-span-2">
              <dt className="text-sm font-semibold text-slate-600" id="part-cross-references-heading">
                {copy.part.crossReferences}
              </dt>
              <dd className="mt-1">
                <table
                  className="w-full max-w-md text-left text-sm"
                  aria-labelledby="part-cross-references-heading"
                  data-testid="part-cross-references"
                >
                  <thead>
                    <tr className="border-b border-slate-200 text-slate-600">
                      <th scope="col" className="py-1 pr-4 font-semibold">
                        {copy.part.crossReferenceBrand}
                      </th>
                      <th scope="col" className="py-1 font-semibold">
                        {copy.part.crossReferenceNumber}
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {data.crossReferences.map((reference) => (
                      <tr key={`${reference.brand}|${reference.number}`} className="border-b border-slate-100 last:border-0">
                        <td className="py-1 pr-4 font-semibold text-slate-900">{reference.brand}</td>
                        <td className="py-1 font-mono text-slate-800">{reference.number}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </dd>
            </div>
          ) : null}
          {data.priceTiers.length > 0 ? (
            <div className="sm:col-span-2">
              <dt className="text-sm font-semibold text-slate-600">{copy.part.volumePrices}</dt>
              <dd className="font-semibold text-slate-900 tabular-nums" data-testid="part-price-tiers">
                {priceLine(data, dealPercent, formatMoney)}
              </dd>
            </div>
          ) : null}
        </dl>
        <p className="mt-4 font-medium text-slate-700">{copy.part.minimumOrder(data.minOrderQuantity)}</p>
        {data.packSize > 1 ? (
          <p className="mt-1 font-medium text-slate-700" data-testid="part-pack-size">
            {copy.part.soldInPacks(data.packSize)}
          </p>
        ) : null}
        <p className="mt-6 leading-relaxed text-slate-700">{data.description}</p>
        <section
          aria-labelledby="booking-title"
          className="mt-10 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-7"
        >
          <h2 id="booking-title" className="text-xl font-extrabold tracking-tight text-slate-900">
            {copy.booking.title}
          </h2>
          {/* A visitor is told instead why booking needs an account. */}
          {bookable && session.status !== 'signed-out' ? (
            <p className="mt-1 text-sm text-slate-600">{copy.booking.text}</p>
          ) : null}
          <div className="mt-5">
            {!bookable ? (
              // No form that can only fail: the reason instead.
              <>
                <p data-testid="booking-unavailable" className="font-medium text-slate-800">
                  {copy.part.outOfStockReason(data.stock, data.minOrderQuantity)}
                </p>
                <NotifyMe
                  partId={data.id}
                  viewer={
                    session.status === 'signed-in'
                      ? session.isAdmin
                        ? 'admin'
                        : 'customer'
                      : session.status === 'signed-out'
                        ? 'visitor'
                        : 'loading'
                  }
                  onInStock={() => void part.refetch()}
                />
              </>
            ) : session.status === 'signed-in' ? (
              <SectionBoundary>
                <WhenNearViewport placeholder={<BookingFormPlaceholder />}>
                  <Suspense fallback={<BookingFormPlaceholder />}>
                    <BookingWithSettings
                      part={booked ?? data}
                      name={session.user.name}
                      email={session.user.email}
                      buyer={buyerTaxStatusFrom(session)}
                      orderingFor={
                        ordering
                          ? {
                              company: ordering.name,
                              onCheckout: () => void navigate(paths.cart),
                            }
                          : undefined
                      }
                      onEmailNotVerified={() => setNeedsVerification(true)}
                      onAddToCart={(quantity) => addToCart(data, quantity)}
                    />
                  </Suspense>
                </WhenNearViewport>
              </SectionBoundary>
            ) : session.status === 'signed-out' ? (
              <SignInToBook part={data} />
            ) : (
              <BookingFormPlaceholder />
            )}
            {session.status === 'signed-in' && needsVerification && !session.user.emailVerified ? (
              <div className="mt-5">
                <VerifyEmailNotice email={session.user.email} />
              </div>
            ) : null}
          </div>
        </section>
      </div>
      {/* Under the picture on wide screens; after the booking form on a phone, and for the keyboard. */}
      <PartFits fits={data.fits} className="lg:col-start-1 lg:self-start" />
    </div>
  );
}
