import * as copy from '#shared/copy';
import { DashboardPanel } from '../../features/dashboard/components/dashboard-panel';
import { PartForm } from '../../features/parts/components/part-form';
import { FitmentRows } from '../../features/vehicles/components/fitment-rows';

/** /dashboard/addPart (admin): the Add Parts form, with the rows of vehicles the part fits. */
export default function AddPartPage() {
  return (
    <DashboardPanel title={copy.dashboard.addPart}>
      <section className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200 sm:p-8">
        <h3 className="text-lg font-bold text-slate-900">{copy.partsAdmin.addTitle}</h3>
        <p className="mt-1 text-slate-600">{copy.partsAdmin.addText}</p>
        <div className="mt-6 max-w-2xl">
          <PartForm fitmentsField={(field) => <FitmentRows {...field} />} />
        </div>
      </section>
    </DashboardPanel>
  );
}
