import { EmptyStatus } from '../../../components/ui/feedback/empty-status';
import { formatDate } from '../../../lib/format-date';
import type { RecentUser } from '../api/get-stats';
import { UserStatusBadge } from './user-status-badge';
import { DividedList } from '../../../components/ui/tables/divided-list';

export function RecentUsers({ users }: { users: RecentUser[] }) {
  if (users.length === 0) {
    return <EmptyStatus>No users yet</EmptyStatus>;
  }
  return (
    <DividedList items={users}>
      {(user) => (
        <li key={user.id} className="flex items-center justify-between gap-3 px-4 py-3 sm:px-6">
          <div className="min-w-0">
            <p className="truncate font-medium text-slate-900">{user.name}</p>
            <p className="truncate text-sm text-slate-500">{user.email}</p>
          </div>
          <div className="flex shrink-0 flex-col items-end gap-1">
            <UserStatusBadge status={user.status} />
            <time dateTime={user.joinDate} className="text-xs text-slate-500">
              Joined {formatDate(user.joinDate)}
            </time>
          </div>
        </li>
      )}
    </DividedList>
  );
}
