import * as copy from '#shared/copy';
import { blogsQueryOptions } from '../../features/blogs/api/get-blogs';
import { LatestNewsSection } from '../../features/blogs/components/latest-news-section';
import { AddToCartButton } from '../../features/cart/components/add-to-cart-button';
import { ContactSection } from '../../features/contact/components/contact-section';
import { Hero } from '../../features/landing/components/hero';
import { WhyChooseUs } from '../../features/landing/components/why-choose-us';
import { NewsletterSection } from '../../features/newsletter/components/newsletter-section';
import { bestSellersQueryOptions } from '../../features/parts/api/get-best-sellers';
import { partsQueryOptions } from '../../features/parts/api/get-parts';
import { BestSellersSection } from '../../features/parts/components/best-sellers-section';
import { NewPartsSection, newPartsQuery } from '../../features/parts/components/new-parts-section';
import { PART_CARD_ACTION_CLASS, type PartCardAction } from '../../features/parts/components/part-card';
import { reviewsQueryOptions } from '../../features/reviews/api/get-reviews';
import { LatestReviewsSection, latestReviewsQuery } from '../../features/reviews/components/latest-reviews-section';
import { settingsQueryOptions } from '../../features/settings/api/get-settings';
import { FlashDealSection } from '../../features/settings/components/flash-deal-section';
import { useScrollToHashWhenSettled } from '../../lib/use-scroll-to-hash';
import { pageLoader } from '../page-data';

/** What the sections show: the new parts, the best sellers, the flash deal, the latest posts and reviews. */
export const loader = pageLoader((queryClient) =>
  Promise.all([
    queryClient.ensureQueryData(partsQueryOptions(newPartsQuery)),
    queryClient.ensureQueryData(bestSellersQueryOptions()),
    queryClient.ensureQueryData(settingsQueryOptions()),
    queryClient.ensureQueryData(blogsQueryOptions()),
    queryClient.ensureQueryData(reviewsQueryOptions(latestReviewsQuery)),
  ]),
);

/** "Add to cart" on each new part's card: the part's smallest allowed quantity. */
const addToCart: PartCardAction = (part, nameId) => (
  <AddToCartButton part={part} describedBy={nameId} className={PART_CARD_ACTION_CLASS} />
);

/** The landing page, sections in the order of docs/shop-rules.md, "Landing page". */
export default function LandingPage() {
  useScrollToHashWhenSettled();
  return (
    <>
      <title>{`${copy.brand} — genuine car parts`}</title>
      <Hero />
      <NewPartsSection cardAction={addToCart} />
      <BestSellersSection />
      <WhyChooseUs />
      <FlashDealSection />
      <NewsletterSection />
      <LatestNewsSection />
      <LatestReviewsSection />
      <ContactSection />
    </>
  );
}
