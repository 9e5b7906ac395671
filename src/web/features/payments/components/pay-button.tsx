import * as copy from '#shared/copy';

/** "Pay", disabled while the form is not ready, without a client secret, while paying and after success. */
export function PayButton({ disabled, pending }: { disabled: boolean; pending: boolean }) {
  return (
    <button type="submit" className="btn btn-primary btn-lg w-full" disabled={disabled}>
      {pending ? <span className="loading loading-spinner loading-sm" aria-hidden="true" /> : null}
      {pending ? copy.payment.paying : copy.payment.pay}
    </button>
  );
}
