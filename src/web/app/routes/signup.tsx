import { useState } from 'react';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import * as copy from '#shared/copy';
import { signInPageSearch } from '#shared/page-search';
import { paths } from '#shared/paths';
import { FormError } from '../../components/form-field';
import { Spinner } from '../../components/spinner';
import { toast } from '../../lib/toast';
import { useShopInfoQuery } from '../../features/auth/api/get-shop-info';
import { AuthCard, OrDivider } from '../../features/auth/components/auth-card';
import { GoogleSignInButton, googleFailure } from '../../features/auth/components/google-sign-in-button';
import { useArrival } from '../../features/auth/components/signed-in-redirect';
import { SignUpForm } from '../../features/auth/components/sign-up-form';
import { useSession } from '../../features/auth/hooks/use-session';

/** /signup: name, email and password (or Google); ends at /home, signed in. A signed-in visitor goes straight home. */
export default function SignupPage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const shop = useShopInfoQuery();
  const session = useSession();
  const arrival = useArrival(session);
  const [googleError, setGoogleError] = useState<string | undefined>(() => googleFailure(signInPageSearch.read(params).error));

  // Already signed in: on to the shop, without drawing the form first.
  if (arrival === 'loading') return <Spinner className="min-h-[50vh]" />;
  if (arrival === 'signed-in' && session.status === 'signed-in') return <Navigate to={paths.home} replace />;

  return (
    <AuthCard
      title={copy.auth.signUpTitle}
      text={copy.auth.signUpText}
      footer={
        <>
          {copy.auth.haveAccount}{' '}
          <Link to={paths.login} className="link-brand">
            {copy.auth.loginLink}
          </Link>
        </>
      }
    >
      <SignUpForm
        onSignedUp={(email) => {
          // The mail with the link is on its way: say where, as booking will ask for it.
          if (shop.data?.verifiedEmailRequired) toast.success(copy.auth.verifySent(email));
          void navigate(paths.homeAlias, { replace: true });
        }}
      />
      {shop.data?.googleSignIn ? (
        <>
          <OrDivider />
          <GoogleSignInButton callbackURL={paths.homeAlias} onError={setGoogleError} />
        </>
      ) : null}
      <FormError message={googleError} className="mt-3" />
    </AuthCard>
  );
}
