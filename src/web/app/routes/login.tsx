import { copy } from '#shared/copy';
import { ComingSoon } from '../../components/coming-soon';

/** Placeholder until the accounts issue builds this page. */
export default function LoginPage() {
  return <ComingSoon title={copy.placeholders.loginTitle} text={copy.placeholders.authSoon} />;
}
