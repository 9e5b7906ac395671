import { copy } from '#shared/copy';
import { ComingSoon } from '../../components/coming-soon';

/** Placeholder until the accounts issue builds this page. */
export default function ResetPage() {
  return <ComingSoon title={copy.placeholders.resetTitle} text={copy.placeholders.authSoon} />;
}
