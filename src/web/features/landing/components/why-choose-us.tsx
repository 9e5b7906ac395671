import type { ComponentType, SVGProps } from 'react';
import * as copy from '#shared/copy';
import { HeadsetIcon, ShieldCheckIcon, TruckIcon } from '../../../components/icons';
import { Reveal } from '../../../components/reveal';
import { SectionHeading } from '../../../components/section-heading';

const reasons: { title: string; text: string; Icon: ComponentType<SVGProps<SVGSVGElement>> }[] = [
  { title: copy.landing.whyDelivery, text: copy.landing.whyDeliveryText, Icon: TruckIcon },
  { title: copy.landing.whyQuality, text: copy.landing.whyQualityText, Icon: ShieldCheckIcon },
  { title: copy.landing.whySupport, text: copy.landing.whySupportText, Icon: HeadsetIcon },
];

export function WhyChooseUs() {
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
