import { Link, useNavigate, useSearchParams } from 'react-router';
import { toast } from '../../lib/toast';
import * as copy from '#shared/copy';
import { resetPasswordPageSearch } from '#shared/page-search';
import { paths } from '#shared/paths';
import { FormError } from '../../components/form-field';
import { AuthCard } from '../../features/auth/components/auth-card';
import { NewPasswordForm } from '../../features/auth/components/new-password-form';

/** /reset-password?token=…: where the reset mail's link lands; a new password, then /login. */
export default function ResetPasswordPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const { token } = resetPasswordPageSearch.read(params);

  const onReset = () => {
    toast.success(copy.auth.passwordReset);
    void navigate(paths.login, { replace: true });
  };

  return (
    <AuthCard
      title={copy.auth.newPasswordTitle}
      text={token ? copy.auth.newPasswordText : undefined}
      footer={
        <Link to={paths.login} className="link-brand">
          {copy.auth.backToLogin}
        </Link>
      }
    >
      {token ? (
        <NewPasswordForm token={token} onReset={onReset} />
      ) : (
        <div>
          <FormError message={copy.auth.resetLinkInvalid} />
          <Link to={paths.reset} className="btn btn-primary btn-lg mt-6 w-full">
            {copy.auth.requestNewLink}
          </Link>
        </div>
      )}
    </AuthCard>
  );
}
