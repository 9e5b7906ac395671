import * as copy from '#shared/copy';
import { deferredSections } from '../../components/deferred-sections';
import { blogsQueryOptions } from '../../features/blogs/api/get-blogs';
import { AddToCartButton } from '../../features/cart/components/add-to-cart-button';
import { Hero } from '../../features/landing/components/hero';
import { bestSellersQueryOptions } from '../../features/parts/api/get-best-sellers';
import { partsQueryOptions } from '../../features/parts/api/get-parts';
import { NewPartsSection, newPartsQuery } from '../../features/parts/components/new-parts-section';
import { PART_CARD_ACTION_CLASS, type PartCardAction } from '../../features/parts/components/part-card';
import { latestReviewsQuery, reviewsQueryOptions } from '../../features/reviews/api/get-reviews';
import { settingsQueryOptions, useSettingsQuery } from '../../features/settings/api/get-settings';
import { useScrollToHashWhenSettled } from '../../lib/use-scroll-to-hash';
import { pageLoader } from '../page-data';

// Everything from the best sellers down: its code loads as the visitor scrolls near it.
const belowTheFold = deferredSections(() => import('../landing-below-the-fold'));
const BestSellersSection = belowTheFold.section((module) => module.BestSellersSection);
const WhyChooseUs = belowTheFold.section((module) => module.WhyChooseUs);
const FlashDealSection = belowTheFold.section((module) => module.FlashDealSection);
const NewsletterSection = belowTheFold.section((module) => module.NewsletterSection);
const LatestNewsSection = belowTheFold.section((module) => module.LatestNewsSection);
const LatestReviewsSection = belowTheFold.section((module) => module.LatestReviewsSection);
const ContactSection = belowTheFold.section((module) => module.ContactSection);

/**
 * What the sections show: the new parts, the best sellers, the flash deal, the latest posts and reviews;
 * and the code of the sections below the fold, which the server needs to draw them.
 */
export const loader = pageLoader((queryClient) =>
  Promise.all([
    queryClient.ensureQueryData(partsQueryOptions(newPartsQuery)),
    queryClient.ensureQueryData(bestSellersQueryOptions()),
    queryClient.ensureQueryData(settingsQueryOptions()),
    queryClient.ensureQueryData(blogsQueryOptions()),
    queryClient.ensureQueryData(reviewsQueryOptions(latestReviewsQuery)),
    belowTheFold.load(),
  ]),
);

/** "Add to cart" on each new part's card: the part's smallest allowed quantity. */
const addToCart: PartCardAction = (part, nameId) => (
  <AddToCartButton part={part} describedBy={nameId} className={PART_CARD_ACTION_CLASS} />
);

/** The landing page, sections in the order of docs/shop-rules.md, "Landing page". */
export default function LandingPage() {
  useScrollToHashWhenSettled();
  // Loaded with the page (above), so the free-delivery line is drawn alike on the server and in the browser.
  const settings = useSettingsQuery();
  return (
    <>
      <title>{`${copy.brand} — genuine car parts`}</title>
      <Hero />
      <NewPartsSection cardAction={addToCart} />
      <BestSellersSection />
      <WhyChooseUs freeDeliveryThresholdCents={settings.data?.freeDeliveryThresholdCents} currency={settings.data?.currency} />
      <FlashDealSection />
      <NewsletterSection />
      <LatestNewsSection />
      <LatestReviewsSection />
      <ContactSection />
    </>
  );
}
