import { FileText, History, MinusCircle, PlusCircle } from 'lucide-react';
import type { RowActionsProps } from '../../../components/ui/tables/data-table';
import { listTable } from '../../../components/ui/tables/list-table';
import { NoValue, Time, TwoLineCell } from '../../../components/ui/tables/table-cells';
import { usd } from '../../../lib/core';
import { UserStatusBadge } from '../../admin-overview/components/user-status-badge';
import type { BalanceItem, Movement } from '../api/get-balances';

export type BalanceAction = 'credit' | 'debit' | 'transactions' | 'documents';

function MovementCell({ movement }: { movement: Movement | null | undefined }) {
  if (!movement) return <NoValue />;
  return (
    <TwoLineCell
      title={usd(movement.amount)}
      titleClassName="font-medium text-slate-900 tabular-nums"
      detail={<Time value={movement.date} />}
      detailClassName="text-xs text-slate-500"
    />
  );
}

export const BalancesTable = listTable<BalanceItem, RowActionsProps<BalanceItem, BalanceAction>>({
  caption: 'User balances',
  minWidth: 'min-w-[48rem]',
  rowClassName: 'align-top',
  columns: [
    { header: 'User', cell: (user) => <TwoLineCell title={user.name} detail={user.email} /> },
    {
      header: 'Balance',
      className: 'font-semibold whitespace-nowrap text-slate-900 tabular-nums',
      testId: (user) => `balance-${user.id}`,
      cell: (user) => (
        <>
          {usd(user.balance)}
          {(user.held ?? 0) > 0 && (
            <p className="text-xs font-normal text-slate-500">{usd(user.held ?? 0)} held</p>
          )}
          {(user.uncollected ?? 0) > 0 && (
            <p className="text-xs font-normal text-red-700">
              {usd(user.uncollected ?? 0)} uncollected
            </p>
          )}
        </>
      ),
    },
    {
      header: 'Last Deposit',
      className: 'whitespace-nowrap',
      cell: (user) => <MovementCell movement={user.lastDeposit} />,
    },
    {
      header: 'Last Withdrawal',
      className: 'whitespace-nowrap',
      cell: (user) => <MovementCell movement={user.lastWithdrawal} />,
    },
    { header: 'Status', cell: (user) => <UserStatusBadge status={user.status} /> },
  ],
  menu: {
    name: (user) => user.name,
    items: (user, { onAction }) => [
      { label: 'Add Funds', icon: PlusCircle, onSelect: () => onAction('credit', user) },
      { label: 'Deduct Funds', icon: MinusCircle, onSelect: () => onAction('debit', user) },
      {
        label: 'View Transactions',
        icon: History,
        onSelect: () => onAction('transactions', user),
      },
      {
        label: 'Receipts and Statements',
        icon: FileText,
        onSelect: () => onAction('documents', user),
      },
    ],
  },
});
