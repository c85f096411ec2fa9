import { History, MinusCircle, PlusCircle } from 'lucide-react';
import { ActionsMenu } from '../../../components/ui/actions-menu';
import { usd } from '../../../lib/core';
import { formatDate } from '../../../lib/format-date';
import type { BalanceItem, Movement } from '../api/get-balances';
import { BalanceStatusBadge } from './balance-status-badge';
import { ScrollBox } from '../../../components/ui/scroll-box';

export type BalanceAction = 'credit' | 'debit' | 'transactions';

function MovementCell({ movement }: { movement: Movement | null }) {
  if (!movement) return <span className="text-slate-400">—</span>;
  return (
    <>
      <p className="font-medium text-slate-900 tabular-nums">{usd(movement.amount)}</p>
      <p className="text-xs text-slate-500">
        <time dateTime={movement.date}>{formatDate(movement.date)}</time>
      </p>
    </>
  );
}

const headings = ['User', 'Balance', 'Last Deposit', 'Last Withdrawal', 'Status'];

interface BalancesTableProps {
  items: BalanceItem[];
  onAction: (action: BalanceAction, user: BalanceItem) => void;
}

export function BalancesTable({ items, onAction }: BalancesTableProps) {
  return (
    <ScrollBox label="User balances">
      <table className="w-full min-w-[48rem] text-left text-sm">
        <caption className="sr-only">User balances</caption>
        <thead className="bg-slate-50 text-xs tracking-wide text-slate-500 uppercase">
          <tr>
            {headings.map((heading) => (
              <th key={heading} scope="col" className="px-4 py-3 font-semibold">
                {heading}
              </th>
            ))}
            <th scope="col" className="px-4 py-3 font-semibold">
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-200 bg-white">
          {items.map((user) => (
            <tr key={user.id} className="align-top">
              <td className="px-4 py-3">
                <p className="font-medium text-slate-900">{user.name}</p>
                <p className="text-slate-500">{user.email}</p>
              </td>
              <td
                className="px-4 py-3 font-semibold whitespace-nowrap text-slate-900 tabular-nums"
                data-testid={`balance-${user.id}`}
              >
                {usd(user.balance)}
              </td>
              <td className="px-4 py-3 whitespace-nowrap">
                <MovementCell movement={user.lastDeposit} />
              </td>
              <td className="px-4 py-3 whitespace-nowrap">
                <MovementCell movement={user.lastWithdrawal} />
              </td>
              <td className="px-4 py-3">
                <BalanceStatusBadge status={user.status} />
              </td>
              <td className="px-4 py-2 text-right">
                <ActionsMenu
                  label={`Actions for ${user.name}`}
                  items={[
                    {
                      label: 'Add Funds',
                      icon: PlusCircle,
                      onSelect: () => onAction('credit', user),
                    },
                    {
                      label: 'Deduct Funds',
                      icon: MinusCircle,
                      onSelect: () => onAction('debit', user),
                    },
                    {
                      label: 'View Transactions',
                      icon: History,
                      onSelect: () => onAction('transactions', user),
                    },
                  ]}
                />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollBox>
  );
}
