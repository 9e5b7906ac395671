import { copy } from '#shared/copy';
import { ComingSoon } from '../../components/coming-soon';

/** Placeholder until the accounts issue builds this page. */
export default function SignupPage() {
  return <ComingSoon title={copy.placeholders.signupTitle} text={copy.placeholders.authSoon} />;
}
