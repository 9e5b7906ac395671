import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { copy } from '#shared/copy';
import { signInPageSearch } from '#shared/page-search';
import { paths } from '#shared/paths';
import { FormError } from '../../components/form-field';
import { toast } from '../../lib/toast';
import { useShopInfoQuery } from '../../features/auth/api/get-shop-info';
import { AuthCard, OrDivider } from '../../features/auth/components/auth-card';
import { GoogleSignInButton } from '../../features/auth/components/google-sign-in-button';
import { SignUpForm } from '../../features/auth/components/sign-up-form';

/** /signup: name, email and password (or Google); ends at /home, signed in. */
export default function SignupPage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const shop = useShopInfoQuery();
  const [googleError, setGoogleError] = useState<string | undefined>(
    signInPageSearch.read(params).googleFailed ? copy.auth.failed : undefined,
  );

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
          <FormError message={googleError} className="mt-3" />
        </>
      ) : null}
    </AuthCard>
  );
}
