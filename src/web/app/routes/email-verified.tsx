import { Link, useSearchParams } from 'react-router';
import * as copy from '#shared/copy';
import { paths } from '#shared/paths';
import { FormError } from '../../components/form-field';
import { AuthCard } from '../../features/auth/components/auth-card';

/**
 * /email-verified: where the link in the verification mail lands, after the server marked the address
 * verified (and signed the browser in), or with `?error=TOKEN_EXPIRED` / `INVALID_TOKEN` / … when the
 * link did not work.
 */
export default function EmailVerifiedPage() {
  const [params] = useSearchParams();
  const error = params.get('error');
  if (error) {
    return (
      <AuthCard title={copy.auth.verifyFailedTitle}>
        <FormError message={error === 'TOKEN_EXPIRED' ? copy.auth.verifyExpiredText : copy.auth.verifyInvalidText} />
        <Link to={paths.login} className="btn btn-primary btn-lg mt-6 w-full">
          {copy.auth.loginLink}
        </Link>
      </AuthCard>
    );
  }
  return (
    <AuthCard title={copy.auth.verifiedTitle} text={copy.auth.verifiedText}>
      <Link to={paths.parts} className="btn btn-primary btn-lg w-full">
        {copy.auth.browseParts}
      </Link>
    </AuthCard>
  );
}
