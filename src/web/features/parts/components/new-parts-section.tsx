import { Link } from 'react-router';
import * as copy from '#shared/copy';
import { paths } from '#shared/paths';
import { ArrowRightIcon } from '../../../components/icons';
import { Reveal } from '../../../components/reveal';
import { SectionError } from '../../../components/section-error';
import { SectionHeading } from '../../../components/section-heading';
import { Spinner } from '../../../components/spinner';
import { type PartsQuery, usePartsQuery } from '../api/get-parts';
import type { PartCardAction } from './part-card';
import { PartGrid } from './part-grid';

export const NEW_PARTS_COUNT = 6;

/** The section's list, also loaded ahead by the landing page's loader. */
export const newPartsQuery: PartsQuery = { sort: 'newest', limit: NEW_PARTS_COUNT };

/** "NEW OUR PARTS": the six newest parts; `cardAction` is a second action on each card, beside "Book Now". */
export function NewPartsSection({ cardAction }: { cardAction?: PartCardAction }) {
  const parts = usePartsQuery(newPartsQuery);
  return (
    <Reveal aria-labelledby="new-parts-title" className="bg-slate-50 py-16 sm:py-24">
      <div className="container-page">
        <SectionHeading
          id="new-parts-title"
          title={copy.landing.newParts}
          text={copy.landing.newPartsText}
          action={
            <Link to={paths.parts} className="link-brand inline-flex items-center gap-1.5">
              {copy.landing.heroCta}
              <ArrowRightIcon className="h-4 w-4" />
            </Link>
          }
        />
        {parts.isPending ? (
          <Spinner />
        ) : parts.isError ? (
          <SectionError onRetry={() => void parts.refetch()} />
        ) : (
          <PartGrid parts={parts.data.items} cardAction={cardAction} />
        )}
      </div>
    </Reveal>
  );
}
