import { Link } from 'react-router';
import { copy } from '#shared/copy';
import { paths } from '#shared/paths';
import { Logo } from './logo';

interface ComingSoonProps {
  title: string;
  text: string;
}

/** A page whose real content arrives with a later issue (accounts, dashboard): its heading and a line. */
export function ComingSoon({ title, text }: ComingSoonProps) {
  return (
    <div className="bg-slate-50 px-4 py-16 sm:py-24">
      <title>{`${title} · ${copy.brand}`}</title>
      <div className="card-surface mx-auto max-w-md p-8 text-center sm:p-10">
        <div className="on-dark mx-auto inline-flex rounded-2xl bg-slate-950 px-4 py-3 text-white">
          <Logo />
        </div>
        <h1 className="mt-8 text-3xl font-black tracking-tight text-slate-900">{title}</h1>
        <p className="mt-4 text-lg text-slate-600">{text}</p>
        <Link to={paths.parts} className="btn btn-primary btn-lg mt-8">
          {copy.placeholders.browseParts}
        </Link>
      </div>
    </div>
  );
}
