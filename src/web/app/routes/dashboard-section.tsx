import { useMatches } from 'react-router';
import { copy } from '#shared/copy';
import { DashboardPanel } from '../../features/dashboard/components/dashboard-panel';

export type DashboardSection = keyof typeof copy.dashboard.soon;

/** The route handle that names a placeholder section, so one module serves them all. */
export interface DashboardSectionHandle {
  section: DashboardSection;
}

function isSectionHandle(handle: unknown): handle is DashboardSectionHandle {
  return typeof handle === 'object' && handle !== null && 'section' in handle;
}

/** A dashboard page that a later part of the work builds: its title and what it will hold. */
export default function DashboardSectionPage() {
  const handle = useMatches().at(-1)?.handle;
  const section: DashboardSection = isSectionHandle(handle) ? handle.section : 'myOrders';
  return (
    <DashboardPanel title={copy.dashboard[section]}>
      <div className="rounded-2xl border border-dashed border-slate-300 bg-white px-6 py-12 text-center">
        <p className="mx-auto max-w-md text-lg text-slate-600">{copy.dashboard.soon[section]}</p>
      </div>
    </DashboardPanel>
  );
}
