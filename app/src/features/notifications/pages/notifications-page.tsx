import { CheckCheck } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { LoadError } from '../../../components/ui/load-error';
import { Pagination } from '../../../components/ui/pagination';
import { TableSkeleton } from '../../../components/ui/table-skeleton';
import { messageOf } from '../../../lib/api-client';
import { usePageMeta } from '../../../lib/use-page-meta';
import { NOTIFICATIONS_PAGE_SIZE, useNotifications } from '../api/get-notifications';
import { useMarkAllRead } from '../api/mark-all-read';
import { useMarkRead } from '../api/mark-read';
import { NotificationItem } from '../components/notification-item';

function unreadSummary(unread: number): string {
  if (unread === 0) return 'You are all caught up.';
  return `You have ${unread} unread ${unread === 1 ? 'notification' : 'notifications'}.`;
}

export function NotificationsPage() {
  usePageMeta('Notifications', 'Renewal notices, low-balance warnings and account messages.');
  const [page, setPage] = useState(1);
  const notifications = useNotifications(page);
  const markRead = useMarkRead();
  const markAll = useMarkAllRead();
  const unread = notifications.data?.unread ?? 0;

  return (
    <div className="space-y-6">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="text-2xl font-bold text-slate-900">Notifications</h1>
          <p className="mt-1 text-slate-600" aria-live="polite">
            {notifications.data
              ? unreadSummary(unread)
              : 'Renewal notices, low-balance warnings and account messages.'}
          </p>
        </div>
        <Button
          variant="secondary"
          loading={markAll.isPending}
          disabled={unread === 0}
          onClick={() => markAll.mutate()}
        >
          <CheckCheck className="h-4 w-4" aria-hidden="true" />
          Mark all as read
        </Button>
      </div>
      <section
        aria-label="Notifications"
        aria-busy={notifications.isFetching}
        className="overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm"
      >
        {notifications.isPending ? (
          <TableSkeleton label="Loading notifications..." rows={4} columns={2} />
        ) : notifications.isError ? (
          <LoadError
            message={messageOf(notifications.error, 'Could not load your notifications.')}
            onRetry={() => void notifications.refetch()}
            retrying={notifications.isFetching}
          />
        ) : notifications.data.items.length === 0 ? (
          <p role="status" className="p-10 text-center text-slate-600">
            No notifications
          </p>
        ) : (
          <>
            <ul className="divide-y divide-slate-200">
              {notifications.data.items.map((item) => (
                <NotificationItem
                  key={item.id}
                  notification={item}
                  onRead={(id) => markRead.mutate(id)}
                  marking={markRead.isPending && markRead.variables === item.id}
                />
              ))}
            </ul>
            <Pagination
              label="Notification pages"
              page={page}
              pageSize={NOTIFICATIONS_PAGE_SIZE}
              total={notifications.data.total}
              onPage={setPage}
              disabled={notifications.isPlaceholderData}
            />
          </>
        )}
      </section>
    </div>
  );
}
