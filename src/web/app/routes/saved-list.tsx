import { useParams } from 'react-router';
import * as copy from '#shared/copy';
import { DashboardPanel } from '../../features/dashboard/components/dashboard-panel';
import { SavedListDetail } from '../../features/saved-lists/components/saved-list-detail';

/** /dashboard/lists/:id (members of an approved company): one saved list, to change or add to the cart. */
export default function SavedListPage() {
  const { id = '' } = useParams();
  return (
    <DashboardPanel title={copy.savedLists.title}>
      {/* A fresh page for each list, so no draft of one list shows on another. */}
      <SavedListDetail key={id} id={id} />
    </DashboardPanel>
  );
}
