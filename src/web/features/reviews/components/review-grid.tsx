import type { Review } from '#shared/schemas/reviews';
import { ReviewCard } from './review-card';

export const REVIEW_GRID_CLASS = 'grid grid-cols-1 gap-6 md:grid-cols-2 lg:grid-cols-3';

export function ReviewGrid({ reviews, headingLevel = 3 }: { reviews: Review[]; headingLevel?: 2 | 3 }) {
  return (
    <ul className={REVIEW_GRID_CLASS}>
      {reviews.map((review) => (
        <li key={review.id}>
          <ReviewCard review={review} headingLevel={headingLevel} />
        </li>
      ))}
    </ul>
  );
}
