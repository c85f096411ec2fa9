import { useState } from 'react';
import { LoadError } from '../../../components/ui/load-error';
import { Pagination } from '../../../components/ui/pagination';
import { TableSkeleton } from '../../../components/ui/table-skeleton';
import { messageOf } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth-context';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { usePageMeta } from '../../../lib/use-page-meta';
import { USERS_PAGE_SIZE, useUsers, type AdminUserItem } from '../api/get-users';
import { ChangeRoleDialog } from '../components/change-role-dialog';
import { SendEmailDialog } from '../components/send-email-dialog';
import { StatusDialog } from '../components/status-dialog';
import { UsersFilters } from '../components/users-filters';
import { UsersTable, type UserAction } from '../components/users-table';

const SEARCH_DEBOUNCE_MS = 300;

export function UsersPage() {
  usePageMeta('Manage Users', 'Every customer and administrator account with its status and role.');
  const { user: me } = useAuth();
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState('');
  const [role, setRole] = useState('');
  const term = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const filters = { search: term, status, role };
  const filterKey = JSON.stringify(filters);
  // Any change of filter starts again at page 1 without an extra render pass.
  const [paging, setPaging] = useState({ filterKey, page: 1 });
  const page = paging.filterKey === filterKey ? paging.page : 1;
  const users = useUsers(filters, page);
  const [open, setOpen] = useState<{ action: UserAction; user: AdminUserItem } | null>(null);
  const close = () => setOpen(null);
  const filtered = term !== '' || status !== '' || role !== '';

  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-bold text-slate-900">Manage Users</h1>
        <p className="mt-1 text-slate-600">
          Every customer and administrator account with its status and role.
        </p>
      </div>
      <section
        aria-label="Users"
        aria-busy={users.isFetching}
        className="overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm"
      >
        <UsersFilters
          search={search}
          status={status}
          role={role}
          onSearch={setSearch}
          onStatus={setStatus}
          onRole={setRole}
        />
        {users.isPending ? (
          <TableSkeleton label="Loading users..." columns={6} />
        ) : users.isError ? (
          <LoadError
            message={messageOf(users.error, 'Could not load the users.')}
            onRetry={() => void users.refetch()}
            retrying={users.isFetching}
          />
        ) : users.data.items.length === 0 ? (
          <p role="status" className="p-10 text-center text-slate-600">
            {filtered ? 'No users match these filters' : 'No users yet'}
          </p>
        ) : (
          <>
            <UsersTable
              items={users.data.items}
              selfId={me?.id}
              onAction={(action, user) => setOpen({ action, user })}
            />
            <Pagination
              page={page}
              pageSize={USERS_PAGE_SIZE}
              total={users.data.total}
              onPage={(next) => setPaging({ filterKey, page: next })}
              disabled={users.isPlaceholderData}
            />
          </>
        )}
      </section>
      {open?.action === 'email' && <SendEmailDialog user={open.user} onClose={close} />}
      {open?.action === 'role' && <ChangeRoleDialog user={open.user} onClose={close} />}
      {(open?.action === 'suspend' || open?.action === 'reactivate') && (
        <StatusDialog user={open.user} action={open.action} onClose={close} />
      )}
    </div>
  );
}
