import { Copy, RefreshCw, XCircle } from 'lucide-react';
import { ActionsMenu, type ActionsMenuItem } from '../../../components/ui/actions-menu';
import { usd } from '../../../lib/core';
import { formatDate } from '../../../lib/format-date';
import type { MyNumber } from '../api/get-my-numbers';
import { NumberStatusBadge } from './number-status-badge';
import { ScrollBox } from '../../../components/ui/scroll-box';

export type NumberAction = 'copy' | 'cancel' | 'renew';

const headings = ['Number', 'Country', 'Type', 'Purchased', 'Expires', 'Status', 'Monthly Fee'];

function actionsFor(item: MyNumber, onAction: MyNumbersTableProps['onAction']) {
  const actions: ActionsMenuItem[] = [
    { label: 'Copy Number', icon: Copy, onSelect: () => onAction('copy', item) },
  ];
  if (item.status === 'expired') {
    actions.push({ label: 'Renew', icon: RefreshCw, onSelect: () => onAction('renew', item) });
  } else if (item.autoRenew) {
    actions.push({
      label: 'Cancel Number',
      icon: XCircle,
      danger: true,
      onSelect: () => onAction('cancel', item),
    });
  }
  return actions;
}

function DateCell({ iso }: { iso: string | null }) {
  if (!iso) return <span className="text-slate-400">—</span>;
  return <time dateTime={iso}>{formatDate(iso)}</time>;
}

function daysLabel(days: number): string {
  return days === 1 ? '(1 day)' : `(${days} days)`;
}

interface MyNumbersTableProps {
  items: MyNumber[];
  onAction: (action: NumberAction, item: MyNumber) => void;
}

export function MyNumbersTable({ items, onAction }: MyNumbersTableProps) {
  return (
    <ScrollBox label="My phone numbers">
      <table className="w-full min-w-[56rem] text-left text-sm">
        <caption className="sr-only">My phone numbers</caption>
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
          {items.map((item) => (
            <tr key={item.id} className="align-top">
              <td className="px-4 py-3 font-mono font-semibold whitespace-nowrap text-slate-900">
                {item.number}
              </td>
              <td className="px-4 py-3 whitespace-nowrap text-slate-700">
                <span aria-hidden="true">{item.flag} </span>
                {item.country}
              </td>
              <td className="px-4 py-3 whitespace-nowrap text-slate-700">{item.type}</td>
              <td className="px-4 py-3 whitespace-nowrap text-slate-600">
                <DateCell iso={item.purchaseDate} />
              </td>
              <td className="px-4 py-3 whitespace-nowrap text-slate-600">
                <DateCell iso={item.expiryDate} />
                {item.expiryDate && item.daysRemaining !== null && (
                  <span className="ml-1 text-xs text-slate-500">
                    {daysLabel(item.daysRemaining)}
                  </span>
                )}
              </td>
              <td className="px-4 py-3">
                <NumberStatusBadge status={item.status} />
                {!item.autoRenew && item.status !== 'expired' && (
                  <p className="mt-1 text-xs whitespace-nowrap text-slate-500">Renewal cancelled</p>
                )}
              </td>
              <td className="px-4 py-3 whitespace-nowrap text-slate-900 tabular-nums">
                {usd(item.monthlyFee)}
              </td>
              <td className="px-4 py-2 text-right">
                <ActionsMenu
                  label={`Actions for ${item.number}`}
                  items={actionsFor(item, onAction)}
                />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollBox>
  );
}
