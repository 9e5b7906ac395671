import type { ComponentType, SVGProps } from 'react';
import * as copy from '#shared/copy';
import { formatMoney } from '#shared/money';
import { HeadsetIcon, ShieldCheckIcon, TruckIcon } from '../../../components/icons';
import { Reveal } from '../../../components/reveal';
import { SectionHeading } from '../../../components/section-heading';

/**
 * What the delivery reason says, from the free-delivery threshold in the shop's settings (goods of
 * that much or more travel free; 0: every order; undefined while the settings are unknown).
 */
export function deliveryText(thresholdCents: number | undefined, currency?: string): string {
  if (thresholdCents === undefined) return copy.landing.whyDeliveryUnknown;
  if (thresholdCents <= 0) return copy.landing.whyDeliveryAlwaysFree;
  // Whole amounts without their cents: "$100", not "$100.00".
  return copy.landing.whyDeliveryText(formatMoney(thresholdCents, currency).replace(/\.00$/, ''));
}

/**
 * The three reasons. The page passes the threshold and currency from the settings its loader fetched, so the
 * server and the browser draw the same words.
 */
export function WhyChooseUs({
  freeDeliveryThresholdCents,
  currency,
}: {
  freeDeliveryThresholdCents?: number | undefined;
  currency?: string | undefined;
}) {
  const reasons: { title: string; text: string; Icon: ComponentType<SVGProps<SVGSVGElement>> }[] = [
    { title: copy.landing.whyDelivery, text: deliveryText(freeDeliveryThresholdCents, currency), Icon: TruckIcon },
    { title: copy.landing.whyQuality, text: copy.landing.whyQualityText, Icon: ShieldCheckIcon },
    { title: copy.landing.whySupport, text: copy.landing.whySupportText, Icon: HeadsetIcon },
  ];
  return (
    <Reveal aria-labelledby="why-title" className="bg-slate-50 py-16 sm:py-24">
      <div className="container-page">
        <SectionHeading id="why-title" title={copy.landing.whyChooseUs} text={copy.landing.whyChooseUsText} align="center" />
        <ul className="grid gap-6 md:grid-cols-3 lg:gap-8">
          {reasons.map(({ title, text, Icon }) => (
            <li key={title} className="card-surface relative flex gap-5 overflow-hidden p-6 md:block md:p-8">
              <div aria-hidden="true" className="absolute inset-x-0 top-0 h-1 bg-linear-to-r from-brand-600 to-brand-400" />
              <span className="inline-flex h-14 w-14 shrink-0 items-center justify-center rounded-2xl bg-slate-900 text-brand-400">
                <Icon className="h-7 w-7" />
              </span>
              <div>
                <h3 className="text-xl font-bold text-slate-900 md:mt-6">{title}</h3>
                <p className="mt-2 leading-relaxed text-slate-600">{text}</p>
              </div>
            </li>
          ))}
        </ul>
      </div>
    </Reveal>
  );
}
