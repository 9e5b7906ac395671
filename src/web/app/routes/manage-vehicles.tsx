import * as copy from '#shared/copy';
import { DashboardPanel } from '../../features/dashboard/components/dashboard-panel';
import { VehiclesAdmin } from '../../features/vehicles/components/vehicles-admin';

/** /dashboard/vehicles (admin): add, change and delete the vehicles that parts are listed as fitting. */
export default function ManageVehiclesPage() {
  return (
    <DashboardPanel title={copy.dashboard.vehicles}>
      <VehiclesAdmin />
    </DashboardPanel>
  );
}
