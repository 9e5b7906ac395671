// The landing page's sections from the best sellers down, in one chunk that loads as the visitor
// scrolls near them (routes/landing.tsx). Outside routes/: it is not a page.
export { ContactSection } from '../features/contact/components/contact-section';
export { LatestNewsSection } from '../features/blogs/components/latest-news-section';
export { WhyChooseUs } from '../features/landing/components/why-choose-us';
export { NewsletterSection } from '../features/newsletter/components/newsletter-section';
export { BestSellersSection } from '../features/parts/components/best-sellers-section';
export { LatestReviewsSection } from '../features/reviews/components/latest-reviews-section';
export { FlashDealSection } from '../features/settings/components/flash-deal-section';
