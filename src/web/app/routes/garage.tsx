import * as copy from '#shared/copy';
import { DashboardPanel } from '../../features/dashboard/components/dashboard-panel';
import { MyGarage } from '../../features/vehicles/components/garage';

/** /dashboard/garage (customers): the saved vehicles, each a click away from the parts that fit it. */
export default function GaragePage() {
  return (
    <DashboardPanel title={copy.dashboard.garage}>
      <MyGarage />
    </DashboardPanel>
  );
}
