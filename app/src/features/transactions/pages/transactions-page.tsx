import { Download } from 'lucide-react';
import { AppPage } from '../../../components/ui/layout/app-page';
import { Button } from '../../../components/ui/basics/button';
import { LedgerTable } from '../../../components/ui/tables/ledger-table';
import { QueryList } from '../../../components/ui/tables/list-panel';
import { TableSkeleton } from '../../../components/ui/tables/table-skeleton';
import { useExportTransactions } from '../api/export-transactions';
import { TRANSACTIONS_PAGE_SIZE, useTransactions } from '../api/get-transactions';
import { usePaging } from '../../../lib/use-paging';

export function TransactionsPage() {
  const { page, paging } = usePaging(TRANSACTIONS_PAGE_SIZE);
  const transactions = useTransactions(page);
  const exporter = useExportTransactions();
  const empty = transactions.data?.total === 0;

  return (
    <AppPage
      title="Transactions"
      meta="Every deposit, purchase and charge on your Dialtone balance."
      description="Every deposit, purchase and charge on your balance."
      actions={
        <Button
          variant="secondary"
          loading={exporter.isPending}
          disabled={empty}
          onClick={() => exporter.mutate()}
        >
          <Download className="h-4 w-4" aria-hidden="true" />
          Export CSV
        </Button>
      }
    >
      <QueryList
        label="Transactions"
        query={transactions}
        loading={<TableSkeleton label="Loading transactions..." />}
        error="Could not load your transactions."
        empty="No transactions yet"
        paging={paging}
      >
        {(data) => <LedgerTable items={data.items} caption="Your transactions" />}
      </QueryList>
    </AppPage>
  );
}
