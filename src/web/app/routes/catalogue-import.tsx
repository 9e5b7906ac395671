import * as copy from '#shared/copy';
import { CatalogueImport } from '../../features/catalogue-import/components/catalogue-import';
import { DashboardPanel } from '../../features/dashboard/components/dashboard-panel';

/** /dashboard/catalogue-import (admin): base vehicles from a VCdb extract and fitments from ACES files. */
export default function CatalogueImportPage() {
  return (
    <DashboardPanel title={copy.dashboard.catalogueImport}>
      <CatalogueImport />
    </DashboardPanel>
  );
}
