import { lazy, Suspense } from 'react';
import * as copy from '#shared/copy';
import { Reveal } from '../../../components/reveal';
import { SectionBoundary } from '../../../components/section-boundary';
import { SectionError } from '../../../components/section-error';
import { SectionHeading } from '../../../components/section-heading';
import { WhenNearViewport } from '../../../components/when-near-viewport';
import { useBestSellersQuery } from '../api/get-best-sellers';
import { BEST_SELLER_TEXT_HEIGHT } from './best-seller-card-size';

// Swiper lives in this chunk only, loaded when the visitor scrolls near the carousel.
const BestSellersCarousel = lazy(() => import('./best-sellers-carousel'));

/** The carousel's size while it loads, so nothing below it jumps. */
function CarouselPlaceholder() {
  return (
    <div aria-hidden="true">
      <div className="grid gap-6 md:grid-cols-3">
        {[0, 1, 2].map((n) => (
          <div key={n} className={`animate-pulse rounded-2xl bg-slate-200 ${n > 0 ? 'hidden md:block' : ''}`}>
            <div className="aspect-[4/3]" />
            <div className={BEST_SELLER_TEXT_HEIGHT} />
          </div>
        ))}
      </div>
      <div className="mt-8 h-11" />
    </div>
  );
}

export function BestSellersSection() {
  const parts = useBestSellersQuery();
  return (
    <Reveal aria-labelledby="best-sellers-title" className="overflow-hidden bg-white py-16 sm:py-24">
      <div className="container-page">
        <SectionHeading id="best-sellers-title" title={copy.landing.bestSellers} text={copy.landing.bestSellersText} />
        {parts.isPending ? (
          <CarouselPlaceholder />
        ) : parts.isError ? (
          <SectionError onRetry={() => void parts.refetch()} />
        ) : (
          <SectionBoundary>
            <WhenNearViewport placeholder={<CarouselPlaceholder />}>
              <Suspense fallback={<CarouselPlaceholder />}>
                <BestSellersCarousel parts={parts.data} />
              </Suspense>
            </WhenNearViewport>
          </SectionBoundary>
        )}
      </div>
    </Reveal>
  );
}
