import { CheckCheck } from 'lucide-react';
import { AppPage } from '../../../components/ui/layout/app-page';
import { Button } from '../../../components/ui/basics/button';
import { QueryList } from '../../../components/ui/tables/list-panel';
import { TableSkeleton } from '../../../components/ui/tables/table-skeleton';
import { NOTIFICATIONS_PAGE_SIZE, useNotifications } from '../api/get-notifications';
import { useMarkAllRead } from '../api/mark-all-read';
import { useMarkRead } from '../api/mark-read';
import { NotificationItem } from '../components/notification-item';
import { sendingFor } from '../../../lib/row-request';
import { usePaging } from '../../../lib/use-paging';

function unreadSummary(unread: number): string {
  if (unread === 0) return 'You are all caught up.';
  return `You have ${unread} unread ${unread === 1 ? 'notification' : 'notifications'}.`;
}

export function NotificationsPage() {
  const { page, paging } = usePaging(NOTIFICATIONS_PAGE_SIZE, { label: 'Notification pages' });
  const notifications = useNotifications(page);
  const markRead = useMarkRead();
  const markAll = useMarkAllRead();
  const unread = notifications.data?.unread ?? 0;

  return (
    <AppPage
      title="Notifications"
      meta="Renewal notices, low-balance warnings and account messages."
      description={
        <span aria-live="polite">
          {notifications.data
            ? unreadSummary(unread)
            : 'Renewal notices, low-balance warnings and account messages.'}
        </span>
      }
      actions={
        <Button
          variant="secondary"
          loading={markAll.isPending}
          disabled={unread === 0}
          onClick={() => markAll.mutate()}
        >
          <CheckCheck className="h-4 w-4" aria-hidden="true" />
          Mark all as read
        </Button>
      }
    >
      <QueryList
        label="Notifications"
        query={notifications}
        loading={<TableSkeleton label="Loading notifications..." rows={4} columns={2} />}
        error="Could not load your notifications."
        empty="No notifications"
        paging={paging}
        each={(item) => (
          <NotificationItem
            key={item.id}
            notification={item}
            onRead={(id) => markRead.mutate(id)}
            marking={sendingFor(markRead, item.id)}
          />
        )}
      />
    </AppPage>
  );
}
