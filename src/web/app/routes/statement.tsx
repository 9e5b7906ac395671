import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useId, useState } from 'react';
import * as copy from '#shared/copy';
import { formatMoney } from '#shared/money';
import type { InvoiceCardIntent, StatementInvoice } from '#shared/schemas/statement';
import { SectionError } from '../../components/section-error';
import { Modal } from '../../components/modal';
import { Spinner } from '../../components/spinner';
import { DashboardPanel } from '../../features/dashboard/components/dashboard-panel';
import { SandboxCardForm } from '../../features/payments/components/sandbox-card-form';
import { statementQueryKey, useStatementQuery } from '../../features/statement/api/get-statement';
import { useStartCardPaymentMutation } from '../../features/statement/api/start-card-payment';
import { StatementView } from '../../features/statement/components/statement-view';
import { ApiError } from '../../lib/api-client';
import { toast } from '../../lib/toast';

// Stripe's React bindings load only when the shop pays through Stripe; the sandbox never fetches them.
const StripeCardForm = lazy(() => import('../../features/payments/components/stripe-card-form'));

const s = copy.statement;

/** The card form for what is left on one invoice, in a dialog; the statement reloads once it is paid. */
function InvoiceCardDialog({ intent, onClose }: { intent: InvoiceCardIntent | null; onClose: () => void }) {
  const titleId = useId();
  const queryClient = useQueryClient();
  const [paid, setPaid] = useState(false);
  const paymentPath = intent ? `/api/invoices/${encodeURIComponent(intent.invoiceNumber)}/card-payment` : undefined;
  const onPaid = () => {
    setPaid(true);
    if (intent) toast.success(s.cardPaid(intent.invoiceNumber));
    void queryClient.invalidateQueries({ queryKey: statementQueryKey });
  };
  const close = () => {
    setPaid(false);
    onClose();
  };
  return (
    <Modal open={intent !== null} onClose={close} labelledBy={titleId} className="max-w-md">
      {intent ? (
        <div className="grid gap-4">
          <h2 id={titleId} className="text-xl font-bold text-slate-900">
            {s.payByCardFor(intent.invoiceNumber)}
          </h2>
          <p className="text-slate-700">
            {s.payingInvoice(intent.invoiceNumber, formatMoney(intent.amountCents, intent.currency))}
          </p>
          {intent.provider === 'stripe' ? (
            <Suspense fallback={<Spinner className="py-8" />}>
              <StripeCardForm
                orderId={intent.orderId}
                clientSecret={intent.clientSecret}
                publishableKey={intent.publishableKey}
                paid={paid}
                onPaid={onPaid}
                paymentPath={paymentPath}
              />
            </Suspense>
          ) : (
            <>
              <p className="rounded-lg bg-sky-50 p-3 text-sm text-sky-900 ring-1 ring-sky-200">{copy.payment.testCardHint}</p>
              <SandboxCardForm
                orderId={intent.orderId}
                clientSecret={intent.clientSecret}
                paid={paid}
                onPaid={onPaid}
                paymentPath={paymentPath}
              />
            </>
          )}
          {paid ? (
            <p role="status" className="font-semibold text-emerald-800">
              {s.cardPaid(intent.invoiceNumber)}
            </p>
          ) : null}
          <button type="button" className="btn btn-ghost border-slate-300" onClick={close}>
            {s.closeCard}
          </button>
        </div>
      ) : null}
    </Modal>
  );
}

/**
 * /dashboard/statement: a company admin's open invoices, payments, balance and credit, the PDF and CSV
 * of it, and "Pay by card" per open invoice. A buyer is told only the company's admins see it.
 */
export default function StatementPage() {
  const statement = useStatementQuery();
  const start = useStartCardPaymentMutation();
  const [intent, setIntent] = useState<InvoiceCardIntent | null>(null);
  // The invoice whose card payment is being started: its button shows the spinner.
  const starting = start.isPending ? start.variables : undefined;

  const pay = (invoice: StatementInvoice) => start.mutate(invoice.number, { onSuccess: setIntent });

  let content;
  if (statement.isPending) content = <Spinner />;
  else if (statement.isError) {
    const refused = statement.error instanceof ApiError && !statement.error.isServerFault;
    content = refused ? (
      <p role="alert" className="rounded-2xl border border-dashed border-slate-300 bg-white p-6 text-slate-700">
        {statement.error.message}
      </p>
    ) : (
      <SectionError onRetry={() => void statement.refetch()} message={copy.common.somethingWrong} />
    );
  } else content = <StatementView statement={statement.data} onPay={pay} starting={starting} />;

  return (
    <DashboardPanel title={s.title}>
      {content}
      <InvoiceCardDialog intent={intent} onClose={() => setIntent(null)} />
    </DashboardPanel>
  );
}
