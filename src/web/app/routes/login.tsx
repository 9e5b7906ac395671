import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, Navigate, useLocation, useNavigate, useSearchParams } from 'react-router';
import * as copy from '#shared/copy';
import { signInPageSearch } from '#shared/page-search';
import type { Me } from '#shared/schemas/accounts';
import { paths } from '#shared/paths';
import { withReturnPath } from '#shared/return-path';
import { FormError } from '../../components/form-field';
import { Spinner } from '../../components/spinner';
import { useShopInfoQuery } from '../../features/auth/api/get-shop-info';
import { AuthCard, OrDivider } from '../../features/auth/components/auth-card';
import { GoogleSignInButton, googleFailure } from '../../features/auth/components/google-sign-in-button';
import { LoginForm } from '../../features/auth/components/login-form';
import type { FromState } from '../../features/auth/components/require-auth';
import { landingAfterSignIn, useArrival } from '../../features/auth/components/signed-in-redirect';
import { useSession } from '../../features/auth/hooks/use-session';
import { sessionQueryKey } from '../../lib/query-client';

/**
 * /login: email and password, Google when configured, demo accounts in demo mode; then back to the page
 * the visitor came from (`?next=`, a page of this shop), else home. A visitor who is signed in already
 * goes straight on.
 */
export default function LoginPage() {
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [params] = useSearchParams();
  const shop = useShopInfoQuery();
  const session = useSession();
  const state = location.state as FromState | null;
  const signedOutAdminOnly = state?.signedOut === 'adminOnly';
  const arrival = useArrival(session, signedOutAdminOnly);
  // The server keys its rendered copy of this page by the same reading (#shared/page-search).
  const search = signInPageSearch.read(params);
  const next = search.next || undefined;
  // Google's return address is fixed before anyone signs in; an admin page there would send a customer round again.
  const target = landingAfterSignIn(next, false);
  // A Google sign-in that failed comes back here with ?error=….
  const [googleError, setGoogleError] = useState<string | undefined>(() => googleFailure(search.error));

  // Already signed in: on to the shop (or where they came from), without showing the form first.
  if (arrival === 'loading') return <Spinner className="min-h-[50vh]" />;
  if (arrival === 'signed-in' && session.status === 'signed-in') {
    return <Navigate to={landingAfterSignIn(next, session.isAdmin)} replace />;
  }

  const onSignedIn = () => {
    const me = queryClient.getQueryData<Me | null>(sessionQueryKey);
    void navigate(landingAfterSignIn(next, me?.isAdmin ?? false), { replace: true });
  };

  return (
    <AuthCard
      title={copy.auth.loginTitle}
      text={copy.auth.loginText}
      footer={
        <>
          {copy.auth.newHere}{' '}
          <Link to={withReturnPath(paths.signup, next)} className="link-brand">
            {copy.auth.createAccount}
          </Link>
        </>
      }
    >
      {signedOutAdminOnly ? (
        <p role="status" className="mb-5 rounded-box border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950">
          {copy.auth.signedOutAdminOnly}
        </p>
      ) : null}
      {shop.isPending ? (
        <Spinner />
      ) : (
        <LoginForm
          demoAccounts={shop.data?.demoAccounts ?? []}
          onSignedIn={onSignedIn}
          alternatives={
            <>
              {shop.data?.googleSignIn ? (
                <>
                  <OrDivider />
                  <GoogleSignInButton
                    callbackURL={target}
                    errorCallbackURL={withReturnPath(paths.login, next)}
                    onError={setGoogleError}
                  />
                </>
              ) : null}
              <FormError message={googleError} className="mt-3" />
            </>
          }
        />
      )}
    </AuthCard>
  );
}
