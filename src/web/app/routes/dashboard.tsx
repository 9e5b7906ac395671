import { Outlet } from 'react-router';
import * as copy from '#shared/copy';
import { useSession } from '../../features/auth/hooks/use-session';
import { isApprovedCompany } from '../../features/companies/api/get-my-company';
import { DashboardNav } from '../../features/dashboard/components/dashboard-nav';

/** /dashboard (signed in): the heading, the sidebar for the user's role, and the chosen page beside it. */
export default function DashboardPage() {
  // RequireAuth renders this only for a signed-in user.
  const session = useSession();
  const signedIn = session.status === 'signed-in';
  if (!signedIn) return null;
  // A company's pages open once the shop has approved its account (and stay while it is on hold).
  const member = !session.isAdmin && isApprovedCompany(session.company) ? session.company : null;
  return (
    <div className="min-h-full bg-slate-50">
      <div className="container-page py-8 sm:py-12">
        <h1 className="text-3xl font-black tracking-tight text-slate-900 sm:text-4xl">{copy.dashboard.title}</h1>
        <div className="mt-6 grid gap-6 sm:mt-8 lg:grid-cols-[17rem_minmax(0,1fr)] lg:items-start lg:gap-10">
          <DashboardNav
            name={session.user.name}
            image={session.user.image}
            isAdmin={session.isAdmin}
            membership={member ? { role: member.role } : null}
          />
          <div className="min-w-0">
            <Outlet />
          </div>
        </div>
      </div>
    </div>
  );
}
