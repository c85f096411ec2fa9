import { ListPanel, ListStates } from '../../../components/ui/tables/list-panel';
import { TableSkeleton } from '../../../components/ui/tables/table-skeleton';
import { usd } from '../../../lib/core';
import { formatDateTime } from '../../../lib/format-date';
import { DEPOSITS_PAGE_SIZE, useDeposits } from '../api/get-deposits';
import { DepositStatusBadge } from './deposit-status-badge';
import { usePaging } from '../../../lib/use-paging';

export function DepositsList() {
  const { page, paging } = usePaging(DEPOSITS_PAGE_SIZE, { label: 'Deposits pages' });
  const deposits = useDeposits(page);

  return (
    <ListPanel labelledBy="deposits-heading" busy={deposits.isFetching}>
      <h2 id="deposits-heading" className="px-5 pt-5 pb-3 text-lg font-semibold text-slate-900">
        Your deposits
      </h2>
      <ListStates
        query={deposits}
        loading={<TableSkeleton label="Loading your deposits..." rows={3} columns={3} />}
        error="Could not load your deposits."
        empty={
          <p role="status" className="px-5 pb-8 text-center text-slate-600">
            No deposits yet
          </p>
        }
        paging={paging}
      >
        {(data) => (
          <ul className="divide-y divide-slate-200 border-t border-slate-200">
            {data.items.map((deposit) => (
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
        )}
      </ListStates>
    </ListPanel>
  );
}
