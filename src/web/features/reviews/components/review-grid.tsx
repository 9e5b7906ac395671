import type { Review } from '#shared/schemas/reviews';
import { ReviewCard } from './review-card';

export function ReviewGrid({ reviews, headingLevel = 3 }: { reviews: Review[]; headingLevel?: 2 | 3 }) {
  return (
    <ul className="grid gap-6 md:grid-cols-2 lg:grid-cols-3">
      {reviews.map((review) => (
        <li key={review.id}>
          <ReviewCard review={review} headingLevel={headingLevel} />
        </li>
      ))}
    </ul>
  );
}
