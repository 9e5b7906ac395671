import { useSearchParams } from 'react-router';
import * as copy from '#shared/copy';
import { useSession } from '../../features/auth/hooks/use-session';
import { DashboardPanel } from '../../features/dashboard/components/dashboard-panel';
import { usePartQuery } from '../../features/parts/api/get-part';
import { ReviewForm } from '../../features/reviews/components/review-form';

/** The part named by `?partId=` (from its page's "Write a review" link), shown so the customer knows. */
function ReviewedPart({ partId }: { partId: string }) {
  const part = usePartQuery(partId);
  if (!part.data) return null;
  return (
    <p
      data-testid="reviewed-part"
      className="mt-3 rounded-lg bg-brand-50 px-4 py-2 font-medium text-slate-800 ring-1 ring-brand-100"
    >
      {copy.reviews.reviewing(part.data.name)}
    </p>
  );
}

/** /dashboard/addReview (customers): the Add Review form, about one part when the link named it. */
export default function AddReviewPage() {
  const session = useSession();
  const [searchParams] = useSearchParams();
  const partId = searchParams.get('partId') ?? undefined;
  if (session.status !== 'signed-in') return null;
  return (
    <DashboardPanel title={copy.dashboard.addReview}>
      <section className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200 sm:p-8">
        <h3 className="text-lg font-bold text-slate-900">{copy.reviewForm.title}</h3>
        <p className="mt-1 text-slate-600">{copy.reviewForm.text}</p>
        <p className="mt-1 text-sm text-slate-600">{copy.reviewForm.onePerSubject}</p>
        {partId ? <ReviewedPart partId={partId} /> : null}
        <div className="mt-6 max-w-2xl">
          <ReviewForm key={`${session.user.id}-${partId ?? ''}`} defaultName={session.user.name} partId={partId} />
        </div>
      </section>
    </DashboardPanel>
  );
}
