import * as copy from '#shared/copy';
import { DashboardPanel } from '../../features/dashboard/components/dashboard-panel';
import { SavedListsOverview } from '../../features/saved-lists/components/saved-lists-overview';

/** /dashboard/lists (members of an approved company): the company's saved lists, and a new one. */
export default function SavedListsPage() {
  return (
    <DashboardPanel title={copy.savedLists.title}>
      <SavedListsOverview />
    </DashboardPanel>
  );
}
