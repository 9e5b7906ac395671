import { lazy, Suspense, useEffect, useState } from 'react';
import * as copy from '#shared/copy';
import { Reveal } from '../../../components/reveal';
import { SectionBoundary } from '../../../components/section-boundary';
import { WhenNearViewport } from '../../../components/when-near-viewport';
import { usePrefersReducedMotion } from '../../../lib/use-reduced-motion';

// The form brings zod and react-hook-form; they load in their own chunk when the visitor scrolls near it.
const ContactForm = lazy(() => import('./contact-form'));

/** Four dark colours the section rotates through; its white and light text stay above 12:1 on each. */
export const CONTACT_BACKGROUNDS = ['#0f172a', '#1c1917', '#172554', '#431407'] as const;
const ROTATE_EVERY_MS = 2000;

function FormPlaceholder() {
  return (
    <div aria-hidden="true" className="grid gap-5">
      {[12, 12, 36].map((height, index) => (
        <div key={index}>
          <div className="mb-1.5 h-5 w-16 rounded bg-white/15" />
          <div className="rounded-lg bg-white/90" style={{ height: `${height / 4}rem` }} />
        </div>
      ))}
      <div className="h-12 w-40 rounded-lg bg-brand-700/60" />
    </div>
  );
}

/** "Contact us", on a background that changes colour every 2 seconds (still under reduced motion). */
export function ContactSection() {
  const reducedMotion = usePrefersReducedMotion();
  const [colour, setColour] = useState(0);
  useEffect(() => {
    if (reducedMotion) return undefined;
    const timer = window.setInterval(() => setColour((index) => (index + 1) % CONTACT_BACKGROUNDS.length), ROTATE_EVERY_MS);
    return () => window.clearInterval(timer);
  }, [reducedMotion]);

  return (
    <Reveal
      id="contact"
      aria-labelledby="contact-title"
      className="on-dark scroll-mt-16 py-16 text-white transition-colors duration-700 sm:py-24"
      style={{ backgroundColor: CONTACT_BACKGROUNDS[reducedMotion ? 0 : colour] }}
    >
      <div className="container-page grid gap-10 lg:grid-cols-5 lg:gap-16">
        <div className="lg:col-span-2">
          <h2 id="contact-title" className="text-3xl font-black tracking-tight sm:text-4xl">
            {copy.landing.contactTitle}
          </h2>
          <div aria-hidden="true" className="mt-4 h-1 w-14 rounded-full bg-brand-500" />
          <p className="mt-6 text-lg leading-relaxed text-slate-200">{copy.landing.contactText}</p>
        </div>
        <div className="lg:col-span-3">
          <SectionBoundary onDark>
            <WhenNearViewport placeholder={<FormPlaceholder />}>
              <Suspense fallback={<FormPlaceholder />}>
                <ContactForm />
              </Suspense>
            </WhenNearViewport>
          </SectionBoundary>
        </div>
      </div>
    </Reveal>
  );
}
