import { AppPage } from '../../../components/ui/layout/app-page';
import { SearchField } from '../../../components/ui/tables/filter-bar';
import { QueryList } from '../../../components/ui/tables/list-panel';
import { TableSkeleton } from '../../../components/ui/tables/table-skeleton';
import { useListFilters } from '../../../lib/use-list-filters';
import { useRowAction } from '../../../lib/use-row-action';
import { useBalances, type BalanceItem } from '../api/get-balances';
import { AdjustDialog } from '../components/adjust-dialog';
import { BalancesTable, type BalanceAction } from '../components/balances-table';
import { UserDocumentsDialog } from '../components/user-documents-dialog';
import { UserTransactionsDialog } from '../components/user-transactions-dialog';

export function BalancesPage() {
  const list = useListFilters({});
  const term = list.filters.search;
  const balances = useBalances(term, list.paging.page);
  const { open, onAction, close } = useRowAction<BalanceAction, BalanceItem>();

  return (
    <AppPage
      title="User Balances"
      description="Customer balances with their latest deposits and withdrawals."
      actions={
        <SearchField
          {...list.search({
            id: 'balance-search',
            label: 'Search users',
            hideLabel: true,
            placeholder: 'Search users...',
          })}
          className="w-full sm:w-72"
        />
      }
    >
      <QueryList
        label="User balances"
        query={balances}
        loading={<TableSkeleton label="Loading balances..." columns={6} />}
        error="Could not load the balances."
        empty={term ? `No users match "${term}"` : 'No users yet'}
        paging={list.paging}
      >
        {(data) => <BalancesTable items={data.items} onAction={onAction} />}
      </QueryList>
      {open?.action === 'transactions' && (
        <UserTransactionsDialog user={open.row} onClose={close} />
      )}
      {open?.action === 'documents' && <UserDocumentsDialog user={open.row} onClose={close} />}
      {(open?.action === 'credit' || open?.action === 'debit') && (
        <AdjustDialog user={open.row} type={open.action} onClose={close} />
      )}
    </AppPage>
  );
}
