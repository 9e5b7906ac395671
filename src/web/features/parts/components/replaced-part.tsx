import type { ReactNode } from 'react';
import { Link } from 'react-router';
import * as copy from '#shared/copy';
import { paths } from '#shared/paths';
import { Spinner } from '../../../components/spinner';
import { useSupersessionsQuery } from '../api/supersessions';

const s = copy.supersessions;

/**
 * The page of a part no longer sold: when its number was replaced, "Replaced by GH-…" with a link to
 * the part sold today (docs/shop-rules.md, "Part numbers that change"); otherwise `notFound`.
 */
export function ReplacedPart({ partId, notFound }: { partId: string; notFound: ReactNode }) {
  const list = useSupersessionsQuery(partId);
  if (list.isPending) return <Spinner className="min-h-[60vh]" />;
  const replacedBy = list.data?.replacedBy;
  if (!replacedBy) return <>{notFound}</>;
  const old = replacedBy.resolvedFrom.number;
  return (
    <div className="container-page flex flex-col items-center py-16 text-center sm:py-24" data-testid="replaced-part">
      <h1 className="text-3xl font-black tracking-tight text-slate-900 sm:text-4xl">{s.partReplaced(replacedBy.sku)}</h1>
      <p className="mt-4 max-w-md text-lg text-slate-600">{s.partReplacedText(old, replacedBy.sku)}</p>
      <p className="mt-2 text-slate-700">{replacedBy.name}</p>
      <Link to={paths.part(replacedBy.partId)} className="btn btn-primary btn-lg mt-8">
        {s.seeReplacement(replacedBy.sku)}
      </Link>
    </div>
  );
}
