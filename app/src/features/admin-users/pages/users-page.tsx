import { useState } from 'react';
import { AppPage } from '../../../components/ui/app-page';
import { FilterBar } from '../../../components/ui/filter-bar';
import { ListPanel, ListStates } from '../../../components/ui/list-panel';
import { TableSkeleton } from '../../../components/ui/table-skeleton';
import { useAuth } from '../../../lib/auth-context';
import { useListFilters } from '../../../lib/use-list-filters';
import { useUsers, type AdminUserItem } from '../api/get-users';
import { ChangeRoleDialog } from '../components/change-role-dialog';
import { SendEmailDialog } from '../components/send-email-dialog';
import { StatusDialog } from '../components/status-dialog';
import { roleFilterOptions, statusFilterOptions } from '../components/user-labels';
import { UsersTable, type UserAction } from '../components/users-table';

export function UsersPage() {
  const { user: me } = useAuth();
  const list = useListFilters({ status: '', role: '' });
  const users = useUsers(list.filters, list.paging.page);
  const [open, setOpen] = useState<{ action: UserAction; user: AdminUserItem } | null>(null);
  const close = () => setOpen(null);

  return (
    <AppPage
      title="Manage Users"
      description="Every customer and administrator account with its status and role."
    >
      <ListPanel label="Users" busy={users.isFetching}>
        <FilterBar
          search={list.search({
            id: 'user-search',
            placeholder: 'Search by name, email or phone...',
          })}
          selects={[
            list.select('status', 'user-status-filter', 'Status', statusFilterOptions),
            list.select('role', 'user-role-filter', 'Role', roleFilterOptions),
          ]}
        />
        <ListStates
          query={users}
          loading={<TableSkeleton label="Loading users..." columns={6} />}
          error="Could not load the users."
          empty={list.filtered ? 'No users match these filters' : 'No users yet'}
          paging={list.paging}
        >
          {(data) => (
            <UsersTable
              items={data.items}
              selfId={me?.id}
              onAction={(action, user) => setOpen({ action, user })}
            />
          )}
        </ListStates>
      </ListPanel>
      {open?.action === 'email' && <SendEmailDialog user={open.user} onClose={close} />}
      {open?.action === 'role' && <ChangeRoleDialog user={open.user} onClose={close} />}
      {(open?.action === 'suspend' || open?.action === 'reactivate') && (
        <StatusDialog user={open.user} action={open.action} onClose={close} />
      )}
    </AppPage>
  );
}
