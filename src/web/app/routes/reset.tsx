import { Link, useLocation, useNavigate } from 'react-router';
import { toast } from '../../lib/toast';
import * as copy from '#shared/copy';
import { paths } from '#shared/paths';
import { AuthCard } from '../../features/auth/components/auth-card';
import { ResetRequestForm } from '../../features/auth/components/reset-request-form';

/** /reset: mails a reset link, says "Send Email!", and goes back to the previous page (or /login). */
export default function ResetPage() {
  const location = useLocation();
  const navigate = useNavigate();

  const onSent = () => {
    toast.success(copy.toasts.resetSent);
    // "default" is the first page of this visit: there is no previous page in the shop to return to.
    if (location.key === 'default') void navigate(paths.login, { replace: true });
    else void navigate(-1);
  };

  return (
    <AuthCard
      title={copy.auth.resetTitle}
      text={copy.auth.resetText}
      footer={
        <Link to={paths.login} className="link-brand">
          {copy.auth.backToLogin}
        </Link>
      }
    >
      <ResetRequestForm onSent={onSent} />
    </AuthCard>
  );
}
