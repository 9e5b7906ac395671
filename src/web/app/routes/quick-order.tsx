import * as copy from '#shared/copy';
import { paths } from '#shared/paths';
import { DashboardPanel } from '../../features/dashboard/components/dashboard-panel';
import { QuickOrderForm } from '../../features/quick-order/components/quick-order-form';

/** /dashboard/quick-order (customers): part numbers and quantities, pasted or from a CSV file, into the cart. */
export default function QuickOrderPage() {
  return (
    <DashboardPanel title={copy.dashboard.quickOrder}>
      <section className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200 sm:p-8">
        <p className="max-w-2xl text-slate-700">{copy.quickOrderPage.text}</p>
        <div className="mt-6">
          <QuickOrderForm cartHref={paths.cart} />
        </div>
      </section>
    </DashboardPanel>
  );
}
