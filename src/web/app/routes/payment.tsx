import { lazy, Suspense, useState, type ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import * as copy from '#shared/copy';
import { formatMoney } from '#shared/money';
import { paths } from '#shared/paths';
import type { Order } from '#shared/schemas/orders';
import type { PaymentResult } from '#shared/schemas/payments';
import { SectionError } from '../../components/section-error';
import { Spinner } from '../../components/spinner';
import { DashboardPanel } from '../../features/dashboard/components/dashboard-panel';
import { useOrderQuery } from '../../features/orders/api/get-order';
import { AdminOrderStatus } from '../../features/orders/components/admin-order-status';
import { usePaymentIntentQuery } from '../../features/payments/api/get-payment-intent';
import { OrderSummary } from '../../features/payments/components/order-summary';
import { PaymentSuccess } from '../../features/payments/components/payment-success';
import { SandboxCardForm } from '../../features/payments/components/sandbox-card-form';
import { useOrderAgain } from '../../features/orders/lib/use-order-again';
import { isOnAccount } from '../../features/orders/lib/member-order';
import { DeclineReason, DueDate } from '../../features/orders/components/member-order-parts';
import { InvoiceLink } from '../../features/orders/components/invoice-link';
import { ApiError } from '../../lib/api-client';
import { formatDate, formatTime } from '../../lib/format-date';

// Stripe's React bindings load only when the shop pays through Stripe; the sandbox never fetches them.
const StripeCardForm = lazy(() => import('../../features/payments/components/stripe-card-form'));

const p = copy.payment;

/** An order that cannot be paid here: why, what can be done instead (`actions`), and the way back to My Orders. */
function NotPayable({ children, actions }: { children: ReactNode; actions?: ReactNode }) {
  return (
    <div className="flex flex-col items-center rounded-2xl border border-dashed border-slate-300 bg-white px-6 py-12 text-center">
      <div role="alert" className="max-w-md text-lg font-semibold text-slate-900">
        {children}
      </div>
      <div className="mt-6 flex flex-wrap justify-center gap-3">
        {actions}
        <Link to={paths.dashboard} className={actions ? 'btn btn-outline' : 'btn btn-primary'}>
          {p.backToOrders}
        </Link>
      </div>
    </div>
  );
}

/** "March 4, 2026 at 10:22 AM UTC": the shop's times are UTC, and the page says so. */
const whenUtc = (iso: string) => `${formatDate(iso)} at ${formatTime(iso)} UTC`;

/**
 * A cancelled order of the customer's own: why it can no longer be paid (an expired one says when its
 * time ran out) and "Order again", which puts its lines in the cart at today's prices.
 */
function CancelledOrder({ order }: { order: Order }) {
  const { orderAgain, isOrderingAgain } = useOrderAgain();
  const expired = order.cancelReason === 'expired';
  const pending = isOrderingAgain(order.id);
  return (
    <NotPayable
      actions={
        <button
          type="button"
          className="btn btn-primary"
          // Not `disabled`: disabling the focused button would drop keyboard focus onto the page's body.
          aria-disabled={pending || undefined}
          onClick={() => orderAgain(order)}
        >
          {pending ? <span className="loading loading-spinner loading-xs" aria-hidden="true" /> : null}
          {copy.orders.orderAgain}
        </button>
      }
    >
      <p className="mb-2 text-sm font-normal text-slate-600">
        {copy.orders.orderNumberLabel} <span className="whitespace-nowrap">{order.number}</span>
      </p>
      <p>{expired ? (order.payBy ? p.expiredOrder(whenUtc(order.payBy)) : p.expiredOrderUndated) : p.cancelledOrder}</p>
      <p className="mt-2 text-sm font-normal text-slate-600">{p.orderAgainHint}</p>
    </NotPayable>
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

/**
 * A customer's order as an admin sees it here: who owes what, and its status. No card form: only the
 * customer pays their order.
 */
function ReadOnlyOrder({ order }: { order: Order }) {
  const row = 'grid gap-0.5 sm:grid-cols-[8rem_minmax(0,1fr)] sm:gap-3';
  return (
    <section
      aria-labelledby="read-only-order-title"
      className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-6"
      data-testid="read-only-order"
    >
      <h3 id="read-only-order-title" className="text-lg font-bold text-slate-900">
        {p.readOnlyTitle}
      </h3>
      <p className="mt-1 text-slate-700">{p.readOnlyText}</p>
      <dl className="mt-5 grid gap-3">
        <div className={row}>
          <dt className="text-sm font-semibold text-slate-600">{p.customer}</dt>
          <dd className="font-semibold break-words text-slate-900">{order.customer.name}</dd>
        </div>
        <div className={row}>
          <dt className="text-sm font-semibold text-slate-600">{p.email}</dt>
          <dd className="break-all text-slate-900">{order.customer.email}</dd>
        </div>
        <div className={row}>
          <dt className="text-sm font-semibold text-slate-600">{copy.manageOrders.part}</dt>
          <dd className="break-words text-slate-900">{order.partName}</dd>
        </div>
        <div className={row}>
          <dt className="text-sm font-semibold text-slate-600">{p.quantity}</dt>
          <dd className="text-slate-900 tabular-nums">
            {copy.orders.partsAndUnits(Math.max(1, order.lines.length), order.quantity)}
          </dd>
        </div>
        <div className={row}>
          <dt className="text-sm font-semibold text-slate-600">{p.total}</dt>
          <dd className="font-semibold text-slate-900 tabular-nums">{formatMoney(order.totalCents, order.currency)}</dd>
        </div>
        <div className={row}>
          <dt className="text-sm font-semibold text-slate-600">{p.status}</dt>
          <dd>
            <AdminOrderStatus order={order} />
          </dd>
        </div>
      </dl>
      <Link to={paths.manageOrders} className="btn btn-primary mt-6">
        {p.backToManageOrders}
      </Link>
    </section>
  );
}

/**
 * /dashboard/payment/:id: for the order's owner, the order's summary and the card form; for an admin
 * opening a customer's order, the same summary and the order read-only. The greeting names the
 * customer on the order.
 */
export default function PaymentPage() {
  const { id = '' } = useParams();
  const order = useOrderQuery(id);
  // Kept here: once paid, the order reloads as "paid", and the congratulation must stay on screen.
  const [result, setResult] = useState<PaymentResult | null>(null);

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
  } else if (order.data.yours === false) {
    content = (
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-2 lg:items-start">
        <OrderSummary name={order.data.customer.name} order={order.data} />
        <ReadOnlyOrder order={order.data} />
      </div>
    );
  } else if (order.data.status === 'awaiting_approval') {
    content = <NotPayable>{copy.memberOrders.notPayableAwaiting}</NotPayable>;
  } else if (order.data.status === 'declined') {
    content = (
      <NotPayable>
        <p>{copy.memberOrders.notPayableDeclined}</p>
        <DeclineReason order={order.data} />
      </NotPayable>
    );
  } else if (isOnAccount(order.data)) {
    content = (
      <NotPayable>
        <p>{copy.memberOrders.notPayableOnAccount}</p>
        <div className="mt-3 text-base font-normal">
          <InvoiceLink order={order.data} />
          <DueDate order={order.data} />
        </div>
      </NotPayable>
    );
  } else if (order.data.status === 'cancelled' && !result) {
    content = <CancelledOrder order={order.data} />;
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
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-2 lg:items-start">
        <OrderSummary name={order.data.customer.name} order={order.data} />
        <CardPanel order={order.data} result={result} onPaid={setResult} />
      </div>
    );
  }
  return <DashboardPanel title={copy.dashboard.payment}>{content}</DashboardPanel>;
}
