import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { A11y, Autoplay } from 'swiper/modules';
import { Swiper, SwiperSlide } from 'swiper/react';
import type { Swiper as SwiperInstance } from 'swiper/types';
import 'swiper/css';
import * as copy from '#shared/copy';
import { paths } from '#shared/paths';
import type { Part } from '#shared/schemas/parts';
import { isInStock } from '#shared/stock';
import { truncate } from '#shared/text';
import { DealPrice } from '../../../components/deal-price';
import { ArrowLeftIcon, ArrowRightIcon, PauseIcon, PlayIcon } from '../../../components/icons';
import { Picture } from '../../../components/picture';
import { usePrefersReducedMotion } from '../../../lib/use-reduced-motion';
import { BEST_SELLER_TEXT_HEIGHT } from './best-seller-card-size';

const controlClass =
  'inline-flex h-11 w-11 items-center justify-center rounded-full border border-slate-300 bg-white text-slate-800 shadow-sm transition-colors hover:bg-slate-100';

/**
 * Best sellers (docs/shop-rules.md, "Landing page"): advances every 1000 ms with a 500 ms slide, one slide under
 * 768 px and three from there, pauses while hovered or focused, and never moves by itself under
 * reduced motion. A pause button keeps moving content under the visitor's control (WCAG 2.2.2).
 */
export default function BestSellersCarousel({ parts }: { parts: Part[] }) {
  const reducedMotion = usePrefersReducedMotion();
  const [swiper, setSwiper] = useState<SwiperInstance | null>(null);
  const [paused, setPaused] = useState(false);
  const autoplayAllowed = !reducedMotion && !paused;

  useEffect(() => {
    if (!swiper || swiper.destroyed) return;
    if (autoplayAllowed) swiper.autoplay.start();
    else swiper.autoplay.stop();
  }, [swiper, autoplayAllowed]);

  const loop = parts.length >= 6;

  return (
    <div
      onFocus={() => swiper?.autoplay.stop()}
      onBlur={(event) => {
        if (autoplayAllowed && !event.currentTarget.contains(event.relatedTarget as Node | null)) swiper?.autoplay.start();
      }}
    >
      <Swiper
        modules={[Autoplay, A11y]}
        onSwiper={setSwiper}
        speed={500}
        spaceBetween={24}
        slidesPerView={1}
        breakpoints={{ 768: { slidesPerView: 3 } }}
        loop={loop}
        rewind={!loop}
        autoplay={reducedMotion ? false : { delay: 1000, pauseOnMouseEnter: true, disableOnInteraction: false }}
      >
        {parts.map((part) => (
          <SwiperSlide key={part.id} className="!h-auto">
            <article data-testid="best-seller-card" className="card-surface relative flex h-full flex-col overflow-hidden">
              <div className="aspect-[4/3] overflow-hidden bg-slate-100">
                <Picture
                  src={part.imageUrl}
                  alt={part.name}
                  width={640}
                  height={480}
                  sizes="(min-width: 1280px) 400px, (min-width: 768px) 31vw, 94vw"
                  eager
                  className="h-full w-full"
                />
              </div>
              {isInStock(part) ? null : (
                <p
                  data-testid="out-of-stock"
                  className="absolute top-3 left-3 rounded-full bg-slate-900 px-3 py-1 text-sm font-bold text-white shadow"
                >
                  {copy.part.outOfStock}
                </p>
              )}
              {/* The name (two lines at most) above its price, in a block of fixed height: the card is
                  then as tall as its placeholder (best-sellers-section.tsx), so nothing below moves when
                  the carousel replaces it. */}
              <div className={`flex flex-col items-start justify-end gap-3 p-5 ${BEST_SELLER_TEXT_HEIGHT}`}>
                <h3 className="line-clamp-2 font-bold text-slate-900">
                  <Link to={paths.part(part.id)} className="after:absolute after:inset-0 hover:text-brand-700">
                    {truncate(part.name, 35)}
                  </Link>
                </h3>
                <p className="rounded-full bg-slate-900 px-3 py-1 text-sm font-bold text-white">
                  <DealPrice priceCents={part.priceCents} deal={part.deal} onDark />
                </p>
              </div>
            </article>
          </SwiperSlide>
        ))}
      </Swiper>
      <div className="mt-8 flex items-center justify-center gap-3">
        <button
          type="button"
          className={controlClass}
          aria-label={copy.landing.previousSlide}
          onClick={() => swiper?.slidePrev()}
        >
          <ArrowLeftIcon className="h-5 w-5" />
        </button>
        {reducedMotion ? null : (
          <button
            type="button"
            className={controlClass}
            aria-label={paused ? copy.landing.playCarousel : copy.landing.pauseCarousel}
            onClick={() => setPaused((value) => !value)}
          >
            {paused ? <PlayIcon className="h-5 w-5" /> : <PauseIcon className="h-5 w-5" />}
          </button>
        )}
        <button type="button" className={controlClass} aria-label={copy.landing.nextSlide} onClick={() => swiper?.slideNext()}>
          <ArrowRightIcon className="h-5 w-5" />
        </button>
      </div>
    </div>
  );
}
