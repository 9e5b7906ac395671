import { useSearchParams } from 'react-router';
import * as copy from '#shared/copy';
import { type OverviewDays, overviewDaysValues } from '#shared/schemas/overview';
import { ChoiceSelect } from '../../components/choice-select';
import { DashboardPanel } from '../../features/dashboard/components/dashboard-panel';
import { OverviewPanel } from '../../features/overview/components/overview-panel';

const PERIODS = overviewDaysValues.map((days) => ({ value: String(days) as `${OverviewDays}`, label: copy.overview.days(days) }));

/**
 * /dashboard/overview (admin): how the shop is doing over the last 30 or 90 days; the period lives in
 * the URL (`?days=90`), and an unknown one shows the last 30 days.
 */
export default function OverviewPage() {
  const [params, setParams] = useSearchParams();
  const days: OverviewDays = params.get('days') === '90' ? 90 : 30;
  const choose = (value: `${OverviewDays}`) => {
    const search = new URLSearchParams(params);
    if (value === '30') search.delete('days');
    else search.set('days', value);
    setParams(search);
  };
  return (
    <DashboardPanel
      title={copy.dashboard.overview}
      aside={<ChoiceSelect label={copy.overview.daysLabel} value={`${days}`} choices={PERIODS} onChange={choose} />}
    >
      <p className="mb-5 text-slate-600">{copy.overview.intro}</p>
      <OverviewPanel days={days} />
    </DashboardPanel>
  );
}
