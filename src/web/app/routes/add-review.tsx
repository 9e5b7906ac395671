import { copy } from '#shared/copy';
import { useSession } from '../../features/auth/hooks/use-session';
import { DashboardPanel } from '../../features/dashboard/components/dashboard-panel';
import { ReviewForm } from '../../features/reviews/components/review-form';

/** /dashboard/addReview (customers): the Add Review form. */
export default function AddReviewPage() {
  const session = useSession();
  if (session.status !== 'signed-in') return null;
  return (
    <DashboardPanel title={copy.dashboard.addReview}>
      <section className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200 sm:p-8">
        <h3 className="text-lg font-bold text-slate-900">{copy.reviewForm.title}</h3>
        <p className="mt-1 text-slate-600">{copy.reviewForm.text}</p>
        <div className="mt-6 max-w-2xl">
          <ReviewForm key={session.user.id} defaultName={session.user.name} />
        </div>
      </section>
    </DashboardPanel>
  );
}
