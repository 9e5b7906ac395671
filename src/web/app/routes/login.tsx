import { useState } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { copy } from '#shared/copy';
import { signInPageSearch } from '#shared/page-search';
import { paths } from '#shared/paths';
import { FormError } from '../../components/form-field';
import { Spinner } from '../../components/spinner';
import { useShopInfoQuery } from '../../features/auth/api/get-shop-info';
import { AuthCard, OrDivider } from '../../features/auth/components/auth-card';
import { GoogleSignInButton } from '../../features/auth/components/google-sign-in-button';
import { LoginForm } from '../../features/auth/components/login-form';
import type { FromState } from '../../features/auth/components/require-auth';

/** /login: email and password, Google when configured, demo accounts in demo mode; then back to where the visitor was. */
export default function LoginPage() {
  const location = useLocation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const shop = useShopInfoQuery();
  const from = (location.state as FromState | null)?.from;
  const target = from && from.pathname !== paths.login ? `${from.pathname}${from.search}${from.hash}` : paths.home;
  // A Google sign-in that failed comes back here with ?error=….
  const [googleError, setGoogleError] = useState<string | undefined>(
    signInPageSearch.read(params).googleFailed ? copy.auth.failed : undefined,
  );

  return (
    <AuthCard
      title={copy.auth.loginTitle}
      text={copy.auth.loginText}
      footer={
        <>
          {copy.auth.newHere}{' '}
          <Link to={paths.signup} className="link-brand">
            {copy.auth.createAccount}
          </Link>
        </>
      }
    >
      {shop.isPending ? (
        <Spinner />
      ) : (
        <LoginForm
          demoAccounts={shop.data?.demoAccounts ?? []}
          onSignedIn={() => void navigate(target, { replace: true })}
          alternatives={
            shop.data?.googleSignIn ? (
              <>
                <OrDivider />
                <GoogleSignInButton callbackURL={target} onError={setGoogleError} />
                <FormError message={googleError} className="mt-3" />
              </>
            ) : null
          }
        />
      )}
    </AuthCard>
  );
}
