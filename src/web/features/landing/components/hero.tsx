import { Link } from 'react-router';
import * as copy from '#shared/copy';
import { paths } from '#shared/paths';
import { ArrowRightIcon } from '../../../components/icons';
import { gearPath } from '../../../lib/gear-path';

const BIG_GEAR = gearPath(210, 210, 18, 190, 162, 64);
const SMALL_GEAR = gearPath(80, 80, 10, 78, 60, 22);

/** Two meshing gears drawn in SVG: a striking visual that weighs a few hundred bytes. */
function GearTrain() {
  return (
    <div aria-hidden="true" className="relative mx-auto aspect-square w-full max-w-[30rem]">
      <div className="absolute inset-[8%] rounded-full bg-brand-600/20 blur-3xl" />
      <svg viewBox="0 0 420 420" className="animate-spin-slow absolute inset-0 h-full w-full">
        <defs>
          <linearGradient id="hero-gear" x1="0" y1="0" x2="1" y2="1">
            <stop offset="0" stopColor="#fb923c" />
            <stop offset="1" stopColor="#c2410c" />
          </linearGradient>
        </defs>
        <path d={BIG_GEAR} fillRule="evenodd" fill="url(#hero-gear)" />
        <circle cx="210" cy="210" r="120" fill="none" stroke="#0f172a" strokeOpacity="0.35" strokeWidth="3" />
        {[0, 60, 120, 180, 240, 300].map((angle) => (
          <circle
            key={angle}
            cx={210 + 100 * Math.cos((angle * Math.PI) / 180)}
            cy={210 + 100 * Math.sin((angle * Math.PI) / 180)}
            r="14"
            fill="#0f172a"
            fillOpacity="0.45"
          />
        ))}
      </svg>
      <svg viewBox="0 0 160 160" className="animate-spin-slow-reverse absolute -right-[4%] -bottom-[6%] h-[42%] w-[42%]">
        <path d={SMALL_GEAR} fillRule="evenodd" className="fill-slate-300" />
        <circle cx="80" cy="80" r="8" className="fill-slate-500" />
      </svg>
    </div>
  );
}

export function Hero() {
  return (
    <section aria-labelledby="hero-title" className="on-dark bg-blueprint relative overflow-hidden bg-slate-950 text-white">
      <div aria-hidden="true" className="absolute inset-0 bg-linear-to-r from-slate-950 via-slate-950/80 to-transparent" />
      <div aria-hidden="true" className="absolute top-0 right-0 h-1.5 w-2/3 bg-linear-to-l from-brand-500 to-transparent" />
      <div className="container-page relative grid items-center gap-12 py-16 sm:py-20 lg:grid-cols-2 lg:py-28">
        <div>
          <p className="eyebrow inline-flex items-center gap-2 rounded-xl bg-white/5 px-3 py-1.5 tracking-[0.1em] text-brand-300 ring-1 ring-white/10 sm:rounded-full sm:tracking-[0.18em]">
            <span className="h-1.5 w-1.5 shrink-0 rounded-full bg-brand-400" />
            {copy.tagline}
          </p>
          <h1
            id="hero-title"
            className="mt-6 text-4xl leading-[1.05] font-black tracking-tight text-balance sm:text-6xl lg:text-7xl"
          >
            {copy.landing.heroTitle}
          </h1>
          <p className="mt-6 max-w-xl text-lg leading-relaxed text-slate-300 sm:text-xl">{copy.landing.heroText}</p>
          <div className="mt-10 flex flex-col gap-3 sm:flex-row sm:items-center">
            <Link to={paths.parts} className="btn btn-primary btn-lg">
              {copy.landing.heroCta}
              <ArrowRightIcon className="h-5 w-5" />
            </Link>
            <a
              href="#flash-deals"
              className="btn btn-lg border-white/25 bg-transparent text-white hover:border-white/50 hover:bg-white/10"
            >
              {copy.landing.heroSecondary}
            </a>
          </div>
          <ul className="mt-12 grid gap-3 text-sm font-medium text-slate-300 sm:grid-cols-3">
            {copy.landing.heroPoints.map((point) => (
              <li key={point} className="flex items-center gap-2">
                <svg viewBox="0 0 20 20" aria-hidden="true" className="h-5 w-5 shrink-0 fill-brand-400">
                  <path d="M10 2a8 8 0 100 16 8 8 0 000-16zm3.7 6.2l-4.5 4.6a.8.8 0 01-1.1 0L6.3 11a.8.8 0 011.1-1.1l1.2 1.2 4-4a.8.8 0 011.1 1.1z" />
                </svg>
                {point}
              </li>
            ))}
          </ul>
        </div>
        <div className="hidden lg:block">
          <GearTrain />
        </div>
      </div>
    </section>
  );
}
