import { Link } from 'react-router';
import * as copy from '#shared/copy';
import { paths } from '#shared/paths';
import { ArrowRightIcon } from '../../../components/icons';
import { Reveal } from '../../../components/reveal';
import { SectionError } from '../../../components/section-error';
import { SectionHeading } from '../../../components/section-heading';
import { Spinner } from '../../../components/spinner';
import { latestReviewsQuery, useReviewsQuery } from '../api/get-reviews';
import { ReviewGrid } from './review-grid';

/** The latest reviews, newest first, with "All Review" to /reviews. */
export function LatestReviewsSection() {
  const reviews = useReviewsQuery(latestReviewsQuery);
  return (
    <Reveal aria-labelledby="reviews-title" className="bg-slate-50 py-16 sm:py-24">
      <div className="container-page">
        <SectionHeading id="reviews-title" title={copy.landing.customerReviews} text={copy.landing.customerReviewsText} />
        {reviews.isPending ? (
          <Spinner />
        ) : reviews.isError ? (
          <SectionError onRetry={() => void reviews.refetch()} />
        ) : reviews.data.items.length === 0 ? (
          <p className="text-slate-600">{copy.reviews.empty}</p>
        ) : (
          <ReviewGrid reviews={reviews.data.items} />
        )}
        <div className="mt-12 flex justify-center">
          <Link to={paths.reviews} className="btn btn-lg bg-slate-900 text-white hover:bg-slate-800">
            {copy.landing.allReview}
            <ArrowRightIcon className="h-5 w-5" />
          </Link>
        </div>
      </div>
    </Reveal>
  );
}
