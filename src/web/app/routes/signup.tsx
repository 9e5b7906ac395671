import { useState } from 'react';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import * as copy from '#shared/copy';
import { signInPageSearch } from '#shared/page-search';
import { paths } from '#shared/paths';
import { withReturnPath } from '#shared/return-path';
import { FormError } from '../../components/form-field';
import { Spinner } from '../../components/spinner';
import { toast } from '../../lib/toast';
import { useShopInfoQuery } from '../../features/auth/api/get-shop-info';
import { AuthCard, OrDivider } from '../../features/auth/components/auth-card';
import { GoogleSignInButton, googleFailure } from '../../features/auth/components/google-sign-in-button';
import { landingAfterSignIn, useArrival } from '../../features/auth/components/signed-in-redirect';
import { SignUpForm } from '../../features/auth/components/sign-up-form';
import { useSession } from '../../features/auth/hooks/use-session';

/**
 * /signup: name, email and password (or Google); then, signed in, back to the page the person came from
 * (`?next=`, a page of this shop: the cart, a part), else home. A signed-in visitor goes straight on.
 */
export default function SignupPage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const shop = useShopInfoQuery();
  const session = useSession();
  const arrival = useArrival(session);
  // The server keys its rendered copy of this page by the same reading (#shared/page-search).
  const search = signInPageSearch.read(params);
  const next = search.next || undefined;
  // A new account is a customer's: an admin page is never where it lands.
  const target = landingAfterSignIn(next, false);
  const [googleError, setGoogleError] = useState<string | undefined>(() => googleFailure(search.error));

  // Already signed in: on to the shop (or where they came from), without showing the form first.
  if (arrival === 'loading') return <Spinner className="min-h-[50vh]" />;
  if (arrival === 'signed-in' && session.status === 'signed-in') {
    return <Navigate to={landingAfterSignIn(next, session.isAdmin)} replace />;
  }

  return (
    <AuthCard
      title={copy.auth.signUpTitle}
      text={copy.auth.signUpText}
      footer={
        <>
          {copy.auth.haveAccount}{' '}
          <Link to={withReturnPath(paths.login, next)} className="link-brand">
            {copy.auth.loginLink}
          </Link>
        </>
      }
    >
      <SignUpForm
        onSignedUp={(email) => {
          // The mail with the link is on its way: say where, as booking will ask for it.
          if (shop.data?.verifiedEmailRequired) toast.success(copy.auth.verifySent(email));
          void navigate(target, { replace: true });
        }}
      />
      {shop.data?.googleSignIn ? (
        <>
          <OrDivider />
          <GoogleSignInButton
            callbackURL={target}
            errorCallbackURL={withReturnPath(paths.signup, next)}
            onError={setGoogleError}
          />
        </>
      ) : null}
      <FormError message={googleError} className="mt-3" />
    </AuthCard>
  );
}
