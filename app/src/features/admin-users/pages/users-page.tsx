import { ActionConfirmDialog } from '../../../components/ui/dialogs/action-confirm-dialog';
import { AppPage } from '../../../components/ui/layout/app-page';
import { FilteredList } from '../../../components/ui/tables/filtered-list';
import { useAuth } from '../../../lib/auth-context';
import { useListFilters } from '../../../lib/use-list-filters';
import { useRowAction } from '../../../lib/use-row-action';
import { useUsers, type AdminUserItem } from '../api/get-users';
import { ChangeRoleDialog } from '../components/change-role-dialog';
import { SendEmailDialog } from '../components/send-email-dialog';
import { statusConfirm } from '../components/status-confirm';
import { roleFilterOptions, statusFilterOptions } from '../components/user-labels';
import { UsersTable, type UserAction } from '../components/users-table';

export function UsersPage() {
  const { user: me } = useAuth();
  const list = useListFilters({
    status: ['Status', statusFilterOptions],
    role: ['Role', roleFilterOptions],
  });
  const users = useUsers(list.filters, list.paging.page);
  const { open, onAction, close } = useRowAction<UserAction, AdminUserItem>();

  return (
    <AppPage
      title="Manage Users"
      description="Every customer and administrator account with its status and role."
    >
      <FilteredList
        label="Users"
        noun="users"
        placeholder="Search by name, email or phone..."
        list={list}
        query={users}
      >
        {(items) => <UsersTable items={items} selfId={me?.id} onAction={onAction} />}
      </FilteredList>
      {open?.action === 'email' && <SendEmailDialog user={open.row} onClose={close} />}
      {open?.action === 'role' && <ChangeRoleDialog user={open.row} onClose={close} />}
      {(open?.action === 'suspend' || open?.action === 'reactivate') && (
        <ActionConfirmDialog {...statusConfirm(open.row, open.action)} onClose={close} />
      )}
    </AppPage>
  );
}
