import * as copy from '#shared/copy';
import { DashboardPanel } from '../../features/dashboard/components/dashboard-panel';
import { CategoriesAdmin } from '../../features/parts/components/categories-admin';

/** /dashboard/categories (admin): add, rename and delete the catalogue's categories. */
export default function ManageCategoriesPage() {
  return (
    <DashboardPanel title={copy.dashboard.categories}>
      <CategoriesAdmin />
    </DashboardPanel>
  );
}
