import { lazy, Suspense, useState, type ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { copy } from '#shared/copy';
import { paths } from '#shared/paths';
import type { Order } from '#shared/schemas/orders';
import type { PaymentResult } from '#shared/schemas/payments';
import { SectionError } from '../../components/section-error';
import { Spinner } from '../../components/spinner';
import { useSession } from '../../features/auth/hooks/use-session';
import { DashboardPanel } from '../../features/dashboard/components/dashboard-panel';
import { useOrderQuery } from '../../features/orders/api/get-order';
import { usePaymentIntentQuery } from '../../features/payments/api/get-payment-intent';
import { OrderSummary } from '../../features/payments/components/order-summary';
import { PaymentSuccess } from '../../features/payments/components/payment-success';
import { SandboxCardForm } from '../../features/payments/components/sandbox-card-form';
import { ApiError } from '../../lib/api-client';

// Stripe's React bindings load only when the shop pays through Stripe; the sandbox never fetches them.
const StripeCardForm = lazy(() => import('../../features/payments/components/stripe-card-form'));

const p = copy.payment;

/** An order that cannot be paid here: why, and the way back to My Orders. */
function NotPayable({ children }: { children: ReactNode }) {
  return (
    <div className="flex flex-col items-center rounded-2xl border border-dashed border-slate-300 bg-white px-6 py-12 text-center">
      <div role="alert" className="max-w-md text-lg font-semibold text-slate-900">
        {children}
      </div>
      <Link to={paths.dashboard} className="btn btn-primary mt-6">
        {p.backToOrders}
      </Link>
    </div>
  );
}

function CardPanel({
  order,
  result,
  onPaid,
}: {
  order: Order;
  result: PaymentResult | null;
  onPaid: (r: PaymentResult) => void;
}) {
  const intent = usePaymentIntentQuery(order.id, order.status === 'pending_payment' && !result);
  const paid = result !== null;
  return (
    <div className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-6">
      <h3 className="mb-5 text-lg font-bold text-slate-900">{p.cardTitle}</h3>
      {intent.isError && !paid ? (
        intent.error instanceof ApiError && !intent.error.isServerFault ? (
          <p role="alert" className="mb-5 text-sm font-medium text-error">
            {intent.error.message}
          </p>
        ) : (
          <div className="mb-5">
            <SectionError onRetry={() => void intent.refetch()} message={copy.common.somethingWrong} />
          </div>
        )
      ) : null}
      {intent.data?.provider === 'stripe' ? (
        <Suspense fallback={<Spinner className="py-8" />}>
          <StripeCardForm
            orderId={order.id}
            clientSecret={intent.data.clientSecret}
            publishableKey={intent.data.publishableKey}
            paid={paid}
            onPaid={onPaid}
          />
        </Suspense>
      ) : (
        <>
          {intent.data?.provider === 'sandbox' ? (
            <p className="mb-5 rounded-lg bg-sky-50 p-3 text-sm text-sky-900 ring-1 ring-sky-200" data-testid="test-card-hint">
              {p.testCardHint}
            </p>
          ) : null}
          <SandboxCardForm orderId={order.id} clientSecret={intent.data?.clientSecret} paid={paid} onPaid={onPaid} />
        </>
      )}
      {result ? (
        <div className="mt-5">
          <PaymentSuccess transactionId={result.transactionId} />
        </div>
      ) : null}
    </div>
  );
}

/** /dashboard/payment/:id (the order's owner): the order's summary and the card form. */
export default function PaymentPage() {
  const { id = '' } = useParams();
  const session = useSession();
  const order = useOrderQuery(id);
  // Kept here: once paid, the order reloads as "paid", and the congratulation must stay on screen.
  const [result, setResult] = useState<PaymentResult | null>(null);
  const name = session.status === 'signed-in' ? session.user.name : '';

  let content: ReactNode;
  if (order.isPending) {
    content = <Spinner />;
  } else if (order.isError) {
    content =
      order.error instanceof ApiError && order.error.status === 404 ? (
        <NotPayable>{p.orderNotFound}</NotPayable>
      ) : (
        <SectionError onRetry={() => void order.refetch()} message={copy.common.somethingWrong} />
      );
  } else if (order.data.status === 'cancelled' && !result) {
    content = <NotPayable>{p.cancelledOrder}</NotPayable>;
  } else if (order.data.status !== 'pending_payment' && !result) {
    content = (
      <NotPayable>
        <p>{p.alreadyPaid}</p>
        {order.data.transactionId ? (
          <p className="mt-2 text-sm font-normal text-slate-600">
            {p.transactionId}: <span className="font-mono break-all">{order.data.transactionId}</span>
          </p>
        ) : null}
      </NotPayable>
    );
  } else {
    content = (
      <div className="grid gap-6 lg:grid-cols-2 lg:items-start">
        <OrderSummary name={name} order={order.data} />
        <CardPanel order={order.data} result={result} onPaid={setResult} />
      </div>
    );
  }
  return <DashboardPanel title={copy.dashboard.payment}>{content}</DashboardPanel>;
}
