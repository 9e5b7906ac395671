import { copy } from '#shared/copy';
import { LatestNewsSection } from '../../features/blogs/components/latest-news-section';
import { ContactSection } from '../../features/contact/components/contact-section';
import { Hero } from '../../features/landing/components/hero';
import { WhyChooseUs } from '../../features/landing/components/why-choose-us';
import { NewsletterSection } from '../../features/newsletter/components/newsletter-section';
import { BestSellersSection } from '../../features/parts/components/best-sellers-section';
import { NewPartsSection } from '../../features/parts/components/new-parts-section';
import { LatestReviewsSection } from '../../features/reviews/components/latest-reviews-section';
import { FlashDealSection } from '../../features/settings/components/flash-deal-section';
import { useScrollToHashWhenSettled } from '../../lib/use-scroll-to-hash';

/** The landing page, sections in the order of docs/shop-rules.md, "Landing page". */
export default function LandingPage() {
  useScrollToHashWhenSettled();
  return (
    <>
      <title>{`${copy.brand} — genuine car parts`}</title>
      <Hero />
      <NewPartsSection />
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
