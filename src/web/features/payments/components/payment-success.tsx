import * as copy from '#shared/copy';

/** "Congrats! Your payment is completed." and the transaction id, announced when it appears. */
export function PaymentSuccess({ transactionId }: { transactionId: string }) {
  return (
    <div role="status" className="rounded-xl bg-emerald-50 p-4 text-emerald-900 ring-1 ring-emerald-200">
      <p className="font-bold">{copy.payment.success}</p>
      <p className="mt-1 text-sm">
        {copy.payment.transactionId}:{' '}
        <span className="font-mono break-all" data-testid="transaction-id">
          {transactionId}
        </span>
      </p>
    </div>
  );
}
