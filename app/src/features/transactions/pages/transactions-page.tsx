import { Download } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { LedgerTable } from '../../../components/ui/ledger-table';
import { LoadError } from '../../../components/ui/load-error';
import { Pagination } from '../../../components/ui/pagination';
import { TableSkeleton } from '../../../components/ui/table-skeleton';
import { messageOf } from '../../../lib/api-client';
import { usePageMeta } from '../../../lib/use-page-meta';
import { useExportTransactions } from '../api/export-transactions';
import { TRANSACTIONS_PAGE_SIZE, useTransactions } from '../api/get-transactions';

export function TransactionsPage() {
  usePageMeta('Transactions', 'Every deposit, purchase and charge on your Dialtone balance.');
  const [page, setPage] = useState(1);
  const transactions = useTransactions(page);
  const exporter = useExportTransactions();
  const empty = transactions.data?.total === 0;

  return (
    <div className="space-y-6">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="text-2xl font-bold text-slate-900">Transactions</h1>
          <p className="mt-1 text-slate-600">Every deposit, purchase and charge on your balance.</p>
        </div>
        <Button
          variant="secondary"
          loading={exporter.isPending}
          disabled={empty}
          onClick={() => exporter.mutate()}
        >
          <Download className="h-4 w-4" aria-hidden="true" />
          Export CSV
        </Button>
      </div>
      <section
        aria-label="Transactions"
        aria-busy={transactions.isFetching}
        className="overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm"
      >
        {transactions.isPending ? (
          <TableSkeleton label="Loading transactions..." />
        ) : transactions.isError ? (
          <LoadError
            message={messageOf(transactions.error, 'Could not load your transactions.')}
            onRetry={() => void transactions.refetch()}
            retrying={transactions.isFetching}
          />
        ) : transactions.data.items.length === 0 ? (
          <p role="status" className="p-10 text-center text-slate-600">
            No transactions yet
          </p>
        ) : (
          <>
            <LedgerTable items={transactions.data.items} caption="Your transactions" />
            <Pagination
              page={page}
              pageSize={TRANSACTIONS_PAGE_SIZE}
              total={transactions.data.total}
              onPage={setPage}
              disabled={transactions.isPlaceholderData}
            />
          </>
        )}
      </section>
    </div>
  );
}
