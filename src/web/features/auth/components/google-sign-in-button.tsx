import * as copy from '#shared/copy';
import type { SignInErrorReason } from '#shared/page-search';
import { ApiError } from '../../../lib/api-client';
import { useSignInWithGoogleMutation } from '../api/sign-in-with-google';
import { useHydrated } from '../../../lib/use-hydrated';

/** Google's "G" in its four colours (brand guidelines ask for it unchanged). */
function GoogleIcon({ className = '' }: { className?: string }) {
  return (
    <svg viewBox="0 0 48 48" aria-hidden="true" className={className}>
      <path
        fill="#FFC107"
        d="M43.6 20.1H42V20H24v8h11.3C33.7 32.7 29.2 36 24 36c-6.6 0-12-5.4-12-12s5.4-12 12-12c3.1 0 5.8 1.2 7.9 3.1l5.7-5.7C34 6.1 29.3 4 24 4 12.9 4 4 12.9 4 24s8.9 20 20 20 20-8.9 20-20c0-1.3-.1-2.6-.4-3.9z"
      />
      <path
        fill="#FF3D00"
        d="M6.3 14.7l6.6 4.8C14.7 15.1 19 12 24 12c3.1 0 5.8 1.2 7.9 3.1l5.7-5.7C34 6.1 29.3 4 24 4 16.3 4 9.7 8.3 6.3 14.7z"
      />
      <path
        fill="#4CAF50"
        d="M24 44c5.2 0 9.9-2 13.4-5.2l-6.2-5.2C29.2 35.1 26.7 36 24 36c-5.2 0-9.6-3.3-11.3-7.9l-6.5 5C9.5 39.6 16.2 44 24 44z"
      />
      <path
        fill="#1976D2"
        d="M43.6 20.1H42V20H24v8h11.3c-.8 2.2-2.2 4.2-4.1 5.6l6.2 5.2C37 39.2 44 34 44 24c0-1.3-.1-2.6-.4-3.9z"
      />
    </svg>
  );
}

/**
 * What a sign-in page says when a Google sign-in came back to it failed (`?error=<code>`, read with
 * signInPageSearch): a sentence for the reason the code gives, never the code itself.
 */
export function googleFailure(reason: SignInErrorReason | null): string | undefined {
  return reason ? copy.auth.signInErrors[reason] : undefined;
}

interface GoogleSignInButtonProps {
  /** Where to land once signed in. */
  callbackURL: string;
  /** Where to come back to when the sign-in fails (the auth library adds `?error=…`): the page with the button. */
  errorCallbackURL: string;
  /** A refusal to show under the form (server faults are toasts). */
  onError: (message: string) => void;
}

/** "Continue with Google": the browser leaves for Google's consent page and comes back signed in. */
export function GoogleSignInButton({ callbackURL, errorCallbackURL, onError }: GoogleSignInButtonProps) {
  const google = useSignInWithGoogleMutation();
  // Still pending once successful: the browser is leaving for Google.
  const busy = google.isPending || google.isSuccess;
  const hydrated = useHydrated();
  return (
    <button
      type="button"
      className="btn btn-lg w-full border-slate-300 bg-white text-slate-800 hover:bg-slate-50"
      disabled={busy || !hydrated}
      onClick={() =>
        google.mutate(
          { callbackURL, errorCallbackURL },
          {
            onError: (error) => {
              if (error instanceof ApiError && !error.isServerFault) onError(error.message);
            },
          },
        )
      }
    >
      {busy ? <span className="loading loading-spinner loading-sm" aria-hidden="true" /> : <GoogleIcon className="h-5 w-5" />}
      {copy.auth.continueWithGoogle}
    </button>
  );
}
