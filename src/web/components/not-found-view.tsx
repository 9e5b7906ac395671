import { Link } from 'react-router';
import * as copy from '#shared/copy';
import { paths } from '#shared/paths';
import { gearPath } from '../lib/gear-path';

const BIG_GEAR = gearPath(120, 120, 12, 96, 78, 0);
const SMALL_GEAR = gearPath(236, 176, 8, 46, 36, 14);

/** A gear train with a missing tooth and a loose bolt: the part you were looking for is not here. */
function BrokenGearIllustration() {
  return (
    <svg viewBox="0 0 320 260" className="h-auto w-full max-w-sm" aria-hidden="true">
      <ellipse cx="160" cy="238" rx="140" ry="12" className="fill-slate-200" />
      <path d={BIG_GEAR} fillRule="evenodd" className="fill-slate-800" />
      <circle cx="120" cy="120" r="58" fill="none" strokeWidth="5" className="stroke-brand-500" />
      <path d={SMALL_GEAR} fillRule="evenodd" className="fill-brand-600" />
      <circle cx="236" cy="176" r="5" className="fill-slate-800" />
      <path d="M205 58l24 10-6 14-24-10z" className="fill-slate-400" transform="rotate(-18 217 70)" />
      <g className="fill-slate-400">
        <rect x="268" y="220" width="18" height="10" rx="2" />
        <rect x="273" y="208" width="8" height="14" rx="1" />
      </g>
      <text x="120" y="134" textAnchor="middle" className="fill-white text-[40px] font-black">
        404
      </text>
    </svg>
  );
}

/** The not-found content, used by the catch-all route and by pages whose item does not exist. */
export function NotFoundView() {
  return (
    <div className="container-page flex flex-col items-center py-16 text-center sm:py-24">
      <BrokenGearIllustration />
      <h1 className="mt-8 text-4xl font-black tracking-tight text-slate-900 sm:text-5xl">{copy.notFound.title}</h1>
      <p className="mt-4 max-w-md text-lg text-slate-600">{copy.notFound.text}</p>
      <Link to={paths.home} className="btn btn-primary btn-lg mt-8">
        {copy.notFound.home}
      </Link>
    </div>
  );
}
