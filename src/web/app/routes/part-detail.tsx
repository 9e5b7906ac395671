import { Link, useParams } from 'react-router';
import { copy } from '#shared/copy';
import { formatMoney } from '#shared/money';
import { paths } from '#shared/paths';
import { NotFoundView } from '../../components/not-found-view';
import { Picture } from '../../components/picture';
import { SectionError } from '../../components/section-error';
import { Spinner } from '../../components/spinner';
import { Stars } from '../../components/stars';
import { useSession } from '../../features/auth/hooks/use-session';
import { usePartQuery } from '../../features/parts/api/get-part';
import { ApiError } from '../../lib/api-client';

/** /part/:partId (signed in): the part; the booking form arrives with the orders issue. */
export default function PartDetailPage() {
  const { partId = '' } = useParams();
  const part = usePartQuery(partId);
  const session = useSession();
  if (part.isPending) return <Spinner className="min-h-[60vh]" />;
  if (part.isError) {
    if (part.error instanceof ApiError && part.error.status === 404) return <NotFoundView />;
    return (
      <div className="container-page py-16">
        <h1 className="sr-only">{copy.common.pageErrorTitle}</h1>
        <SectionError onRetry={() => void part.refetch()} message={copy.common.somethingWrong} />
      </div>
    );
  }
  const { data } = part;
  return (
    <div className="container-page grid gap-10 py-10 sm:py-14 lg:grid-cols-2">
      <title>{`${data.name} · ${copy.brand}`}</title>
      <Picture
        src={data.imageUrl}
        alt={data.name}
        width={960}
        height={720}
        sizes="(min-width: 1024px) 600px, 94vw"
        priority
        className="aspect-[4/3] w-full rounded-2xl shadow-sm"
      />
      <div>
        <h1 className="text-3xl font-black tracking-tight text-slate-900 sm:text-4xl">{data.name}</h1>
        <div className="mt-3 flex flex-wrap items-center gap-2" data-testid="part-rating">
          {data.rating.count > 0 ? (
            <>
              <Stars value={data.rating.average} />
              <span className="text-sm font-medium text-slate-700">
                {copy.part.ratingSummary(data.rating.average, data.rating.count)}
              </span>
            </>
          ) : (
            <span className="text-sm text-slate-600">{copy.part.noRatings}</span>
          )}
          {session.status === 'signed-in' && !session.isAdmin ? (
            <Link
              to={`${paths.addReview}?partId=${encodeURIComponent(data.id)}`}
              className="link link-primary text-sm font-semibold"
            >
              {copy.reviews.writeReview}
            </Link>
          ) : null}
        </div>
        <dl className="mt-6 grid grid-cols-2 gap-4">
          <div>
            <dt className="text-sm font-semibold text-slate-600">{copy.part.price}</dt>
            <dd className="text-2xl font-extrabold text-slate-900">{formatMoney(data.priceCents)}</dd>
          </div>
          <div>
            <dt className="text-sm font-semibold text-slate-600">{copy.part.availableQuantity}</dt>
            <dd className="text-2xl font-extrabold text-slate-900">{data.stock.toLocaleString('en-US')}</dd>
          </div>
        </dl>
        <p className="mt-4 font-medium text-slate-700">{copy.part.minimumOrder(data.minOrderQuantity)}</p>
        <p className="mt-6 leading-relaxed text-slate-700">{data.description}</p>
        {/* Booking form slot: the orders issue replaces this paragraph with the booking form for `data`. */}
        <p data-testid="booking-slot" className="mt-8 rounded-xl bg-slate-100 p-4 text-slate-700">
          {copy.part.detailSoon}
        </p>
      </div>
    </div>
  );
}
