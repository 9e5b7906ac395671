import { Outlet } from 'react-router';
import { copy } from '#shared/copy';

/** The dashboard layout (signed in only). Sidebar and sections arrive with the accounts and orders issues. */
export default function DashboardPage() {
  return (
    <div className="container-page py-10 sm:py-14">
      <title>{`${copy.nav.dashboard} · ${copy.brand}`}</title>
      <h1 className="text-3xl font-black tracking-tight text-slate-900 sm:text-4xl">{copy.placeholders.dashboardTitle}</h1>
      <div className="mt-8">
        <Outlet />
      </div>
    </div>
  );
}
