import { usePageMeta } from '../../../lib/use-page-meta';
import { CallHistoryView } from '../components/call-history-view';

export function CallHistoryPage() {
  usePageMeta('Call History', 'Your inbound and outbound calls with their duration and cost.');
  return (
    <CallHistoryView
      scope="client"
      title="Call History"
      description="Your inbound and outbound calls with their duration, cost and recordings."
      searchLabel="Search by number"
      searchPlaceholder="Search by number..."
    />
  );
}
