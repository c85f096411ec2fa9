import { useState } from 'react';
import { LoadError } from '../../../components/ui/load-error';
import { Pagination } from '../../../components/ui/pagination';
import { TableSkeleton } from '../../../components/ui/table-skeleton';
import { messageOf } from '../../../lib/api-client';
import { usd } from '../../../lib/core';
import { formatDateTime } from '../../../lib/format-date';
import { DEPOSITS_PAGE_SIZE, useDeposits } from '../api/get-deposits';
import { DepositStatusBadge } from './deposit-status-badge';

export function DepositsList() {
  const [page, setPage] = useState(1);
  const deposits = useDeposits(page);

  return (
    <section
      aria-labelledby="deposits-heading"
      aria-busy={deposits.isFetching}
      className="overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm"
    >
      <h2 id="deposits-heading" className="px-5 pt-5 pb-3 text-lg font-semibold text-slate-900">
        Your deposits
      </h2>
      {deposits.isPending ? (
        <TableSkeleton label="Loading your deposits..." rows={3} columns={3} />
      ) : deposits.isError ? (
        <LoadError
          message={messageOf(deposits.error, 'Could not load your deposits.')}
          onRetry={() => void deposits.refetch()}
          retrying={deposits.isFetching}
        />
      ) : deposits.data.items.length === 0 ? (
        <p role="status" className="px-5 pb-8 text-center text-slate-600">
          No deposits yet
        </p>
      ) : (
        <>
          <ul className="divide-y divide-slate-200 border-t border-slate-200">
            {deposits.data.items.map((deposit) => (
              <li
                key={deposit.id}
                className="flex flex-wrap items-start justify-between gap-x-4 gap-y-1 px-5 py-3"
              >
                <div className="min-w-0">
                  <p className="font-semibold text-slate-900 tabular-nums">{usd(deposit.amount)}</p>
                  <p className="text-sm text-slate-500">
                    <time dateTime={deposit.createdAt}>{formatDateTime(deposit.createdAt)}</time>
                  </p>
                  {deposit.status === 'failed' && deposit.failureMessage && (
                    <p className="mt-1 text-sm text-red-700">{deposit.failureMessage}</p>
                  )}
                </div>
                <DepositStatusBadge status={deposit.status} />
              </li>
            ))}
          </ul>
          <Pagination
            label="Deposits pages"
            page={page}
            pageSize={DEPOSITS_PAGE_SIZE}
            total={deposits.data.total}
            onPage={setPage}
            disabled={deposits.isPlaceholderData}
          />
        </>
      )}
    </section>
  );
}
