import { Search } from 'lucide-react';
import { useState } from 'react';
import { LoadError } from '../../../components/ui/load-error';
import { Pagination } from '../../../components/ui/pagination';
import { TableSkeleton } from '../../../components/ui/table-skeleton';
import { messageOf } from '../../../lib/api-client';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { usePageMeta } from '../../../lib/use-page-meta';
import { BALANCES_PAGE_SIZE, useBalances, type BalanceItem } from '../api/get-balances';
import { AdjustDialog } from '../components/adjust-dialog';
import { BalancesTable, type BalanceAction } from '../components/balances-table';
import { UserTransactionsDialog } from '../components/user-transactions-dialog';

const SEARCH_DEBOUNCE_MS = 300;

export function BalancesPage() {
  usePageMeta('User Balances', 'Customer balances with their latest deposits and withdrawals.');
  const [search, setSearch] = useState('');
  const term = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  // A new search starts at page 1 without an extra render pass.
  const [paging, setPaging] = useState({ term: '', page: 1 });
  const page = paging.term === term ? paging.page : 1;
  const balances = useBalances(term, page);
  const [open, setOpen] = useState<{ action: BalanceAction; user: BalanceItem } | null>(null);
  const close = () => setOpen(null);

  return (
    <div className="space-y-6">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="text-2xl font-bold text-slate-900">User Balances</h1>
          <p className="mt-1 text-slate-600">
            Customer balances with their latest deposits and withdrawals.
          </p>
        </div>
        <div className="relative w-full sm:w-72">
          <label htmlFor="balance-search" className="sr-only">
            Search users
          </label>
          <Search
            className="pointer-events-none absolute top-1/2 left-3 h-4 w-4 -translate-y-1/2 text-slate-400"
            aria-hidden="true"
          />
          <input
            id="balance-search"
            type="search"
            placeholder="Search users..."
            value={search}
            onChange={(event) => setSearch(event.target.value)}
            className="block w-full rounded-lg border border-slate-300 bg-white py-2 pr-3 pl-9 text-sm shadow-sm focus:border-brand-500 focus:ring-2 focus:ring-brand-200 focus:outline-none"
          />
        </div>
      </div>
      <section
        aria-label="User balances"
        aria-busy={balances.isFetching}
        className="overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm"
      >
        {balances.isPending ? (
          <TableSkeleton label="Loading balances..." columns={6} />
        ) : balances.isError ? (
          <LoadError
            message={messageOf(balances.error, 'Could not load the balances.')}
            onRetry={() => void balances.refetch()}
            retrying={balances.isFetching}
          />
        ) : balances.data.items.length === 0 ? (
          <p role="status" className="p-10 text-center text-slate-600">
            {term ? `No users match "${term}"` : 'No users yet'}
          </p>
        ) : (
          <>
            <BalancesTable
              items={balances.data.items}
              onAction={(action, user) => setOpen({ action, user })}
            />
            <Pagination
              page={page}
              pageSize={BALANCES_PAGE_SIZE}
              total={balances.data.total}
              onPage={(next) => setPaging({ term, page: next })}
              disabled={balances.isPlaceholderData}
            />
          </>
        )}
      </section>
      {open?.action === 'transactions' && (
        <UserTransactionsDialog user={open.user} onClose={close} />
      )}
      {(open?.action === 'credit' || open?.action === 'debit') && (
        <AdjustDialog user={open.user} type={open.action} onClose={close} />
      )}
    </div>
  );
}
