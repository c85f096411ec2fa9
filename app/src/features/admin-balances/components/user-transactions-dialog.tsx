import { Dialog } from '../../../components/ui/dialogs/dialog';
import { EmptyStatus } from '../../../components/ui/feedback/empty-status';
import { LedgerTable } from '../../../components/ui/tables/ledger-table';
import { ListStates } from '../../../components/ui/tables/list-panel';
import { TableSkeleton } from '../../../components/ui/tables/table-skeleton';
import { usd } from '../../../lib/core';
import type { BalanceItem } from '../api/get-balances';
import { USER_TRANSACTIONS_PAGE_SIZE, useUserTransactions } from '../api/get-user-transactions';
import { usePaging } from '../../../lib/use-paging';

interface UserTransactionsDialogProps {
  user: BalanceItem;
  onClose: () => void;
}

export function UserTransactionsDialog({ user, onClose }: UserTransactionsDialogProps) {
  const { page, paging } = usePaging(USER_TRANSACTIONS_PAGE_SIZE, {
    label: 'Transactions pages',
  });
  const transactions = useUserTransactions(user.id, page);

  return (
    <Dialog
      open
      size="xl"
      onClose={onClose}
      title={`Transactions of ${user.name}`}
      description={`${user.email}, current balance ${usd(user.balance)}`}
    >
      <div
        aria-busy={transactions.isFetching}
        className="-mx-5 -my-4 overflow-hidden sm:mx-0 sm:my-0 sm:rounded-lg sm:border sm:border-slate-200"
      >
        <ListStates
          query={transactions}
          loading={<TableSkeleton label="Loading transactions..." />}
          error="Could not load the transactions."
          empty={<EmptyStatus>No transactions yet</EmptyStatus>}
          paging={paging}
        >
          {(data) => <LedgerTable items={data.items} caption={`Transactions of ${user.name}`} />}
        </ListStates>
      </div>
    </Dialog>
  );
}
