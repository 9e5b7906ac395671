import { useSearchParams } from 'react-router';
import * as copy from '#shared/copy';
import { reviewsPageSearch } from '#shared/page-search';
import { PageHeader } from '../../components/page-header';
import { Pagination } from '../../components/pagination';
import { SectionError } from '../../components/section-error';
import { GridSkeleton } from '../../components/grid-skeleton';
import { reviewsQueryOptions, type ReviewsQuery, useReviewsQuery } from '../../features/reviews/api/get-reviews';
import { REVIEW_GRID_CLASS, ReviewGrid } from '../../features/reviews/components/review-grid';
import { pageLoader } from '../page-data';

// The API's largest page: the page shows every review (docs/shop-rules.md, "Screens and routes"), and pages only past 60.
const REVIEWS_PAGE_SIZE = 60;

const reviewsPageQuery = (page: number): ReviewsQuery => ({ page, limit: REVIEWS_PAGE_SIZE });

export const loader = pageLoader((queryClient, { request }) =>
  queryClient.ensureQueryData(
    reviewsQueryOptions(reviewsPageQuery(reviewsPageSearch.read(new URL(request.url).searchParams).page)),
  ),
);

/** /reviews: every review, newest first, in 1, 2 or 3 columns by width. */
export default function ReviewsPage() {
  const [params, setParams] = useSearchParams();
  const { page } = reviewsPageSearch.read(params);
  const reviews = useReviewsQuery(reviewsPageQuery(page));
  const totalPages = reviews.data ? Math.max(1, Math.ceil(reviews.data.total / REVIEWS_PAGE_SIZE)) : 1;

  return (
    <>
      <title>{`${copy.reviews.title} · ${copy.brand}`}</title>
      <PageHeader title={copy.reviews.title} text={copy.reviews.text} />
      <div className="container-page py-10 sm:py-14">
        {reviews.isPending ? (
          <GridSkeleton count={6} gridClassName={REVIEW_GRID_CLASS} cardClassName="h-64" />
        ) : reviews.isError ? (
          <SectionError onRetry={() => void reviews.refetch()} message={copy.common.somethingWrong} />
        ) : reviews.data.items.length === 0 ? (
          <p className="py-16 text-center text-lg text-slate-600">{copy.reviews.empty}</p>
        ) : (
          <div className={reviews.isPlaceholderData ? 'opacity-60 transition-opacity' : 'transition-opacity'}>
            <ReviewGrid reviews={reviews.data.items} headingLevel={2} />
          </div>
        )}
        <Pagination
          className="mt-12"
          page={page}
          totalPages={totalPages}
          onPageChange={(value) => setParams(reviewsPageSearch.key({ page: value }))}
        />
      </div>
    </>
  );
}
