import type { ReactNode } from 'react';
import * as copy from '#shared/copy';

interface DashboardPanelProps {
  title: string;
  children: ReactNode;
  /** Beside the heading on wide screens (a count, a search box). */
  aside?: ReactNode;
}

/** One dashboard page inside the layout: its h2 (the layout has the h1), its tab title, its content. */
export function DashboardPanel({ title, children, aside }: DashboardPanelProps) {
  return (
    <section aria-labelledby="dashboard-panel-title">
      <title>{`${title} · ${copy.nav.dashboard} · ${copy.brand}`}</title>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <h2 id="dashboard-panel-title" className="text-2xl font-extrabold tracking-tight text-slate-900">
          {title}
        </h2>
        {aside}
      </div>
      <div className="mt-5">{children}</div>
    </section>
  );
}
