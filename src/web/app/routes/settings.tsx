import * as copy from '#shared/copy';
import { SectionError } from '../../components/section-error';
import { Spinner } from '../../components/spinner';
import { DashboardPanel } from '../../features/dashboard/components/dashboard-panel';
import { useSettingsQuery } from '../../features/settings/api/get-settings';
import { SettingsForm } from '../../features/settings/components/settings-form';

/** /dashboard/settings (admin): the flash deal, the seller, currency and tax, delivery and returns. */
export default function SettingsPage() {
  const settings = useSettingsQuery();
  return (
    <DashboardPanel title={copy.dashboard.settings}>
      <section className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200 sm:p-8">
        <h3 className="text-lg font-bold text-slate-900">{copy.settings.title}</h3>
        <p className="mt-1 text-slate-600">{copy.settings.text}</p>
        <div className="mt-6">
          {settings.isPending ? (
            <Spinner />
          ) : settings.isError ? (
            <SectionError onRetry={() => void settings.refetch()} message={copy.common.somethingWrong} />
          ) : (
            <SettingsForm settings={settings.data} />
          )}
        </div>
      </section>
    </DashboardPanel>
  );
}
