import { Link, useParams } from 'react-router';
import * as copy from '#shared/copy';
import { paths } from '#shared/paths';
import { withReturnPath } from '#shared/return-path';
import { PageHeader } from '../../components/page-header';
import { Spinner } from '../../components/spinner';
import { useSession } from '../../features/auth/hooks/use-session';
import { useAcceptInvitationMutation, useInvitationQuery } from '../../features/companies/api/invitation';
import { ApiError } from '../../lib/api-client';
import { formatDate } from '../../lib/format-date';

const m = copy.companyMembers;
const i = m.invitation;

function Card({ children }: { children: React.ReactNode }) {
  return <div className="mx-auto grid max-w-xl gap-4 rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200">{children}</div>;
}

/**
 * /invitations/:token (the link in the invitation mail): the company and the role. A visitor is asked to
 * sign in or sign up and comes back here; a signed-in invitee joins; a used, expired, withdrawn or
 * someone else's invitation says so.
 */
export default function InvitationPage() {
  const { token = '' } = useParams();
  const session = useSession();
  const invitation = useInvitationQuery(token);
  const accept = useAcceptInvitationMutation(token);
  const here = paths.invitation(token);

  let content;
  if (invitation.isPending || session.status === 'loading') content = <Spinner />;
  else if (accept.isSuccess) {
    content = (
      <Card>
        <p role="status" className="text-lg font-semibold text-emerald-800">
          {i.joined(accept.data.name)}
        </p>
        <div>
          <Link className="btn btn-primary" to={paths.myCompany}>
            {i.goToCompany}
          </Link>
        </div>
      </Card>
    );
  } else if (invitation.isError) {
    const refused = invitation.error instanceof ApiError && !invitation.error.isServerFault;
    content = (
      <Card>
        <h2 className="text-xl font-bold text-slate-900">{i.unavailableTitle}</h2>
        <p role="alert" className="text-slate-700">
          {refused ? invitation.error.message : copy.common.somethingWrong}
        </p>
      </Card>
    );
  } else {
    const { companyName, email, role, expiresAt } = invitation.data;
    const refusal =
      accept.error instanceof ApiError && !accept.error.isServerFault
        ? accept.error.message
        : accept.isError
          ? copy.common.somethingWrong
          : undefined;
    content = (
      <Card>
        <h2 className="text-xl font-bold break-words text-slate-900">{i.intro(companyName, m.roles[role])}</h2>
        <p className="break-words text-slate-700">{i.forEmail(email)}</p>
        <p className="text-slate-700">{i.expiresOn(formatDate(expiresAt))}</p>
        {session.status === 'signed-in' ? (
          <>
            <div>
              <button type="button" className="btn btn-primary" disabled={accept.isPending} onClick={() => accept.mutate()}>
                {accept.isPending ? i.joining : i.join(companyName)}
              </button>
            </div>
            {refusal ? (
              <p role="alert" className="font-medium text-error">
                {refusal}
              </p>
            ) : null}
          </>
        ) : (
          <>
            <p className="font-semibold text-slate-900">{i.signInToJoin}</p>
            <div className="flex flex-wrap gap-3">
              <Link className="btn btn-primary" to={withReturnPath(paths.login, here)}>
                {i.signIn}
              </Link>
              <Link className="btn btn-outline" to={withReturnPath(paths.signup, here)}>
                {i.signUp}
              </Link>
            </div>
          </>
        )}
      </Card>
    );
  }
  return (
    <>
      <title>{`${i.title} · ${copy.brand}`}</title>
      <PageHeader title={i.title} />
      <div className="container-page py-10 sm:py-14">{content}</div>
    </>
  );
}
