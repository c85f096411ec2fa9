import { usePageMeta } from '../../../lib/use-page-meta';
import { LiveCallsPanel } from '../../live-calls/components/live-calls-panel';
import { CallHistoryView } from '../components/call-history-view';

export function AdminCallHistoryPage() {
  usePageMeta('Call History', 'View and manage call records');
  return (
    <div className="space-y-6">
      <CallHistoryView
        scope="admin"
        title="Call History"
        description="View and manage call records"
        searchLabel="Search"
        searchPlaceholder="Search calls..."
      />
      <LiveCallsPanel scope="admin" />
    </div>
  );
}
