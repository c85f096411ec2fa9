import { Bell } from 'lucide-react';
import { Link } from 'react-router-dom';
import { paths } from '../../../app/paths';
import { useUnreadCount } from '../api/get-unread-count';

export function unreadLabel(count: number): string {
  if (count === 0) return 'No unread notifications';
  return count === 1 ? '1 unread notification' : `${count} unread notifications`;
}

/** The shell's link to Notifications, with the unread count as a badge. */
export function NotificationsBell() {
  const unread = useUnreadCount();
  const count = unread.data ?? 0;
  return (
    <Link
      to={paths.client.notifications}
      aria-label={unreadLabel(count)}
      title={unreadLabel(count)}
      className="relative shrink-0 rounded-full p-2 text-slate-600 hover:bg-slate-100 hover:text-slate-900"
    >
      <Bell className="h-5 w-5" aria-hidden="true" />
      {count > 0 && (
        <span
          data-testid="unread-badge"
          aria-hidden="true"
          className="absolute -top-0.5 -right-0.5 flex h-5 min-w-5 items-center justify-center rounded-full bg-red-600 px-1 text-xs font-bold text-white"
        >
          {count > 99 ? '99+' : count}
        </span>
      )}
    </Link>
  );
}
