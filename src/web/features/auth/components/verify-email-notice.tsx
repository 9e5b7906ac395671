import { useState } from 'react';
import * as copy from '#shared/copy';
import { ApiError } from '../../../lib/api-client';
import { useSendVerificationEmailMutation } from '../api/send-verification-email';

/**
 * Shown where booking was refused for an unverified address: what to do, and a button that mails the
 * link again (the server limits how often).
 */
export function VerifyEmailNotice({ email }: { email: string }) {
  const resend = useSendVerificationEmailMutation();
  const [answer, setAnswer] = useState<{ ok: boolean; text: string }>();

  const onResend = () => {
    setAnswer(undefined);
    resend.mutate(
      { email },
      {
        onSuccess: () => setAnswer({ ok: true, text: copy.booking.verificationResent(email) }),
        onError: (error) => {
          if (error instanceof ApiError && !error.isServerFault) setAnswer({ ok: false, text: error.message });
        },
      },
    );
  };

  return (
    <div className="rounded-xl bg-amber-50 p-4 ring-1 ring-amber-200" data-testid="verify-email-notice">
      <p className="text-sm font-medium text-slate-800">{copy.booking.emailNotVerified(email)}</p>
      <button
        type="button"
        className="btn btn-outline btn-sm mt-3"
        onClick={onResend}
        disabled={resend.isPending || answer?.ok === true}
      >
        {resend.isPending ? <span className="loading loading-spinner loading-xs" aria-hidden="true" /> : null}
        {copy.booking.resendVerification}
      </button>
      <p role="status" className={`mt-2 text-sm empty:hidden ${answer?.ok ? 'text-slate-700' : 'font-medium text-error'}`}>
        {answer?.text}
      </p>
    </div>
  );
}
