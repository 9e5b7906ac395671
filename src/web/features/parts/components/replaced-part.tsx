import { Link } from 'react-router';
import * as copy from '#shared/copy';
import { paths } from '#shared/paths';
import { type PartReplacement, partReplacementSchema } from '#shared/schemas/supersessions';
import type { ApiError } from '../../../lib/api-client';

const s = copy.supersessions;

/** The part sold in place of a missing one, as its 404 names it; undefined when it names none. */
export function replacementIn(error: ApiError): PartReplacement | undefined {
  const parsed = partReplacementSchema.safeParse(error.problem.replacedBy);
  return parsed.success ? parsed.data : undefined;
}

/**
 * The page of a part no longer sold because its number was replaced: "Replaced by GH-…" with a link to
 * the part sold today (docs/shop-rules.md, "Part numbers that change").
 */
export function ReplacedPart({ replacement }: { replacement: PartReplacement }) {
  return (
    <div className="container-page flex flex-col items-center py-16 text-center sm:py-24" data-testid="replaced-part">
      <h1 className="text-3xl font-black tracking-tight text-slate-900 sm:text-4xl">{s.partReplaced(replacement.sku)}</h1>
      <p className="mt-4 max-w-md text-lg text-slate-600">{s.partReplacedText(replacement.number, replacement.sku)}</p>
      <p className="mt-2 text-slate-700">{replacement.name}</p>
      <Link to={paths.part(replacement.id)} className="btn btn-primary btn-lg mt-8">
        {s.seeReplacement(replacement.sku)}
      </Link>
    </div>
  );
}
