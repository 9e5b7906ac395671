import { lazy, Suspense } from 'react';
import * as copy from '#shared/copy';
import { Reveal } from '../../../components/reveal';
import { SectionBoundary } from '../../../components/section-boundary';
import { WhenNearViewport } from '../../../components/when-near-viewport';

// The form brings zod and react-hook-form; they load in their own chunk when the visitor scrolls near it.
const NewsletterForm = lazy(() => import('./newsletter-form'));

function FormPlaceholder() {
  return (
    <div aria-hidden="true" className="flex flex-col gap-3 sm:flex-row sm:items-end">
      <div className="flex-1">
        <div className="mb-1.5 h-5 w-12 rounded bg-slate-900/10" />
        <div className="h-12 rounded-lg bg-white ring-1 ring-slate-900/10" />
      </div>
      <div className="h-12 w-32 rounded-lg bg-brand-700/40" />
    </div>
  );
}

export function NewsletterSection() {
  return (
    <Reveal aria-labelledby="newsletter-title" className="bg-white pt-16 sm:pt-20">
      <div className="container-page">
        <div className="relative overflow-hidden rounded-3xl bg-linear-to-br from-brand-50 to-amber-50 px-6 py-10 ring-1 ring-brand-100 sm:px-12 sm:py-14">
          <div className="grid items-center gap-8 lg:grid-cols-2 lg:gap-16">
            <div>
              <h2 id="newsletter-title" className="text-2xl font-black tracking-tight text-slate-900 sm:text-3xl">
                {copy.landing.newsletterTitle}
              </h2>
              <p className="mt-3 text-lg text-slate-700">{copy.landing.newsletterText}</p>
            </div>
            <SectionBoundary>
              <WhenNearViewport placeholder={<FormPlaceholder />}>
                <Suspense fallback={<FormPlaceholder />}>
                  <NewsletterForm />
                </Suspense>
              </WhenNearViewport>
            </SectionBoundary>
          </div>
        </div>
      </div>
    </Reveal>
  );
}
