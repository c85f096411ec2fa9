import { usePageMeta } from '../../../lib/use-page-meta';
import { CallHistoryView } from '../components/call-history-view';

export function AdminCallHistoryPage() {
  usePageMeta('Call History', 'View and manage call records');
  return (
    <CallHistoryView
      scope="admin"
      title="Call History"
      description="View and manage call records"
      searchLabel="Search"
      searchPlaceholder="Search calls..."
    />
  );
}
