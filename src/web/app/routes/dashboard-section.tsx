import { copy } from '#shared/copy';

/** Placeholder for each dashboard section until its issue builds it. */
export default function DashboardSectionPage() {
  return <p className="text-lg text-slate-600">{copy.placeholders.dashboardSoon}</p>;
}
