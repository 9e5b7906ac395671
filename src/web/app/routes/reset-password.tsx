import { copy } from '#shared/copy';
import { ComingSoon } from '../../components/coming-soon';

/** Placeholder until the accounts issue builds this page. */
export default function ResetPasswordPage() {
  return <ComingSoon title={copy.placeholders.resetPasswordTitle} text={copy.placeholders.authSoon} />;
}
