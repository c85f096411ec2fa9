import { Mail, ShieldCheck, UserCheck, UserX, type LucideIcon } from 'lucide-react';
import type { ActionsMenuItem } from '../../../components/ui/dialogs/actions-menu';
import { Badge } from '../../../components/ui/feedback/badge';
import type { RowActionsProps } from '../../../components/ui/tables/data-table';
import { listTable } from '../../../components/ui/tables/list-table';
import { dateColumn, NoValue, TwoLineCell } from '../../../components/ui/tables/table-cells';
import { UserStatusBadge } from '../../admin-overview/components/user-status-badge';
import type { AdminUserItem } from '../api/get-users';
import { roleLabel, trialLabel } from './user-labels';

export type UserAction = 'email' | 'role' | 'suspend' | 'reactivate';

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

interface UsersTableProps extends RowActionsProps<AdminUserItem, UserAction> {
  /** The signed-in administrator's id. */
  selfId: number | undefined;
}

export const UsersTable = listTable<AdminUserItem, UsersTableProps>({
  caption: 'Users',
  minWidth: 'min-w-[52rem]',
  rowClassName: 'align-top',
  columns: ({ selfId }) => [
    {
      header: 'Name',
      cell: (user) => (
        <TwoLineCell
          title={
            <>
              {user.name}
              {user.id === selfId && (
                <span className="ml-2 text-xs font-normal text-slate-500">(you)</span>
              )}
            </>
          }
          detail={user.email}
        />
      ),
    },
    {
      header: 'Phone',
      className: 'whitespace-nowrap text-slate-700 tabular-nums',
      cell: (user) => user.phone ?? <NoValue />,
    },
    {
      header: 'Status',
      cell: (user) => (
        <>
          <UserStatusBadge status={user.status} />
          {user.trial && (
            <span className="ml-1">
              <Badge tone={user.trial === 'active' ? 'blue' : 'gray'}>
                {trialLabel(user.trial, user.trialDaysLeft)}
              </Badge>
            </span>
          )}
        </>
      ),
    },
    {
      header: 'Role',
      cell: (user) => (
        <Badge tone={user.role === 'admin' ? 'blue' : 'gray'}>{roleLabel(user.role)}</Badge>
      ),
    },
    dateColumn('Join Date', (user: AdminUserItem) => user.joinDate),
    dateColumn('Last Login', (user: AdminUserItem) => user.lastLogin, {
      withTime: true,
      empty: <span className="text-slate-500">Never</span>,
    }),
  ],
  menu: {
    name: (user) => user.name,
    items: (user, { selfId, onAction }) => menuItems(user, user.id === selfId, onAction),
  },
});
