import { Link } from 'react-router';
import * as copy from '#shared/copy';
import { paths } from '#shared/paths';
import { ArrowRightIcon } from '../../../components/icons';
import { Reveal } from '../../../components/reveal';
import { SectionError } from '../../../components/section-error';
import { useSettingsQuery } from '../api/get-settings';
import type { Clock } from '../../../lib/clock';
import { Countdown, useTimeLeft } from './countdown';

/**
 * The flash deal: the discount text and a live countdown to its end, both from the shop's settings.
 * Once the end has passed (or the moment the countdown reaches it) the section only says the deal has
 * ended: no discount, no call to buy.
 */
export function FlashDealSection({ clock }: { clock?: Clock }) {
  const settings = useSettingsQuery();
  const remaining = useTimeLeft(settings.data?.flashDealEndsAt, clock);
  const ended = settings.isSuccess && remaining <= 0;
  return (
    <Reveal
      id="flash-deals"
      aria-labelledby="flash-deals-title"
      className="on-dark bg-blueprint relative scroll-mt-16 overflow-hidden bg-slate-950 py-16 text-white sm:py-24"
    >
      <div aria-hidden="true" className="absolute -top-24 -right-24 h-96 w-96 rounded-full bg-brand-600/25 blur-3xl" />
      <div aria-hidden="true" className="absolute -bottom-32 -left-20 h-80 w-80 rounded-full bg-brand-700/20 blur-3xl" />
      <div className="container-page relative grid items-center gap-10 lg:grid-cols-2 lg:gap-16">
        <div>
          <h2 id="flash-deals-title" className="eyebrow text-brand-300">
            {copy.landing.flashDeals}
          </h2>
          {ended ? (
            <p className="mt-4 max-w-md text-lg text-slate-300" data-testid="deal-ended">
              {copy.landing.dealEndedText}
            </p>
          ) : (
            <>
              <p className="mt-4 text-6xl font-black tracking-tight text-white sm:text-7xl lg:text-8xl">
                {settings.data ? settings.data.flashDealDiscountText : '\u00a0'}
              </p>
              <p className="mt-4 max-w-md text-lg text-slate-300">{copy.landing.flashDealsText}</p>
              <Link to={paths.dealParts} className="btn btn-primary btn-lg mt-8">
                {copy.landing.dealCta}
                <ArrowRightIcon className="h-5 w-5" />
              </Link>
            </>
          )}
        </div>
        <div>
          {settings.isPending ? (
            <div aria-hidden="true" className="grid h-28 grid-cols-4 gap-2 sm:h-36 sm:gap-4">
              {[0, 1, 2, 3].map((n) => (
                <div key={n} className="animate-pulse rounded-2xl bg-white/10" />
              ))}
            </div>
          ) : settings.isError ? (
            <SectionError onDark onRetry={() => void settings.refetch()} />
          ) : (
            <Countdown remaining={remaining} />
          )}
        </div>
      </div>
    </Reveal>
  );
}
