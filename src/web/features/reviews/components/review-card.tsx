import * as copy from '#shared/copy';
import type { Review } from '#shared/schemas/reviews';
import { CheckBadgeIcon } from '../../../components/icons';
import { Picture } from '../../../components/picture';
import { Stars } from '../../../components/stars';
import { formatDate } from '../../../lib/format-date';

interface ReviewCardProps {
  review: Review;
  headingLevel?: 2 | 3;
}

export function ReviewCard({ review, headingLevel = 3 }: ReviewCardProps) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <article data-testid="review-card" className="card-surface flex h-full flex-col p-6">
      <div className="flex items-center gap-4">
        {/* The name is right beside the avatar, so the picture adds nothing for a screen reader. */}
        <Picture
          src={review.imageUrl}
          alt=""
          width={56}
          height={56}
          sizes="56px"
          className="h-14 w-14 shrink-0 rounded-full ring-2 ring-white shadow"
        />
        <div className="min-w-0">
          <Heading className="truncate font-bold text-slate-900">{review.name}</Heading>
          <p className="text-sm text-slate-600">
            <time dateTime={review.createdAt}>{formatDate(review.createdAt)}</time>
          </p>
        </div>
      </div>
      <div className="mt-4 flex flex-wrap items-center gap-3">
        <Stars value={review.rating} />
        {review.verified ? (
          <span className="inline-flex items-center gap-1 rounded-full bg-green-50 px-2.5 py-0.5 text-xs font-semibold text-green-800 ring-1 ring-green-200">
            <CheckBadgeIcon className="h-3.5 w-3.5" />
            {copy.reviews.verified}
          </span>
        ) : null}
      </div>
      <blockquote className="mt-4 flex-1 text-slate-700">
        <p className="leading-relaxed">{review.text}</p>
      </blockquote>
    </article>
  );
}
