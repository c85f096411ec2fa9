import { Mail, ShieldCheck, UserCheck, UserX, type LucideIcon } from 'lucide-react';
import { ActionsMenu, type ActionsMenuItem } from '../../../components/ui/actions-menu';
import { Badge } from '../../../components/ui/badge';
import { formatDate, formatDateTime } from '../../../lib/format-date';
import type { AdminUserItem } from '../api/get-users';
import { roleLabels, statusTones } from './user-labels';
import { ScrollBox } from '../../../components/ui/scroll-box';

export type UserAction = 'email' | 'role' | 'suspend' | 'reactivate';

const headings = ['Name', 'Phone', 'Status', 'Role', 'Join Date', 'Last Login'];

function menuItems(
  user: AdminUserItem,
  self: boolean,
  onAction: (action: UserAction, user: AdminUserItem) => void,
): ActionsMenuItem[] {
  const item = (label: string, icon: LucideIcon, action: UserAction, danger = false) => ({
    label,
    icon,
    danger,
    onSelect: () => onAction(action, user),
  });
  const items: ActionsMenuItem[] = [item('Send Email', Mail, 'email')];
  // The server refuses both on one's own account; the menu does not offer them.
  if (!self) items.push(item('Change Role', ShieldCheck, 'role'));
  if (user.status === 'suspended') items.push(item('Reactivate User', UserCheck, 'reactivate'));
  else if (!self) items.push(item('Suspend User', UserX, 'suspend', true));
  return items;
}

interface UsersTableProps {
  items: AdminUserItem[];
  /** The signed-in administrator's id. */
  selfId: number | undefined;
  onAction: (action: UserAction, user: AdminUserItem) => void;
}

export function UsersTable({ items, selfId, onAction }: UsersTableProps) {
  return (
    <ScrollBox label="Users">
      <table className="w-full min-w-[52rem] text-left text-sm">
        <caption className="sr-only">Users</caption>
        <thead className="bg-slate-50 text-xs tracking-wide text-slate-500 uppercase">
          <tr>
            {headings.map((heading) => (
              <th key={heading} scope="col" className="px-4 py-3 font-semibold">
                {heading}
              </th>
            ))}
            <th scope="col" className="px-4 py-3 font-semibold">
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-200 bg-white">
          {items.map((user) => {
            const self = user.id === selfId;
            return (
              <tr key={user.id} className="align-top">
                <td className="px-4 py-3">
                  <p className="font-medium text-slate-900">
                    {user.name}
                    {self && <span className="ml-2 text-xs font-normal text-slate-500">(you)</span>}
                  </p>
                  <p className="text-slate-500">{user.email}</p>
                </td>
                <td className="px-4 py-3 whitespace-nowrap text-slate-700 tabular-nums">
                  {user.phone ?? <span className="text-slate-400">—</span>}
                </td>
                <td className="px-4 py-3">
                  <Badge tone={statusTones[user.status] ?? 'gray'}>{user.status}</Badge>
                </td>
                <td className="px-4 py-3">
                  <Badge tone={user.role === 'admin' ? 'blue' : 'gray'}>
                    {roleLabels[user.role] ?? user.role}
                  </Badge>
                </td>
                <td className="px-4 py-3 whitespace-nowrap text-slate-700">
                  <time dateTime={user.joinDate}>{formatDate(user.joinDate)}</time>
                </td>
                <td className="px-4 py-3 whitespace-nowrap text-slate-700">
                  {user.lastLogin ? (
                    <time dateTime={user.lastLogin}>{formatDateTime(user.lastLogin)}</time>
                  ) : (
                    <span className="text-slate-500">Never</span>
                  )}
                </td>
                <td className="px-4 py-2 text-right">
                  <ActionsMenu
                    label={`Actions for ${user.name}`}
                    items={menuItems(user, self, onAction)}
                  />
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </ScrollBox>
  );
}
