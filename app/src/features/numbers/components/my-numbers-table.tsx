import { Copy, PhoneIncoming, RefreshCw, XCircle } from 'lucide-react';
import { ActionsMenu, type ActionsMenuItem } from '../../../components/ui/actions-menu';
import { actionsColumn, DataTable } from '../../../components/ui/data-table';
import { Flag } from '../../../components/ui/flag';
import { usd } from '../../../lib/core';
import { formatDate } from '../../../lib/format-date';
import type { MyNumber } from '../api/get-my-numbers';
import { NumberStatusBadge } from './number-status-badge';

export type NumberAction = 'copy' | 'cancel' | 'renew' | 'route';

function actionsFor(item: MyNumber, onAction: MyNumbersTableProps['onAction']) {
  const actions: ActionsMenuItem[] = [
    { label: 'Copy Number', icon: Copy, onSelect: () => onAction('copy', item) },
  ];
  if (item.status === 'active') {
    actions.push({
      label: 'Call Routing',
      icon: PhoneIncoming,
      onSelect: () => onAction('route', item),
    });
  }
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

function DateCell({ iso }: { iso: string | null | undefined }) {
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
    <DataTable
      caption="My phone numbers"
      minWidth="min-w-[56rem]"
      rowClassName="align-top"
      rows={items}
      rowKey={(item) => item.id}
      columns={[
        {
          header: 'Number',
          className: 'font-mono font-semibold whitespace-nowrap text-slate-900',
          cell: (item) => item.number,
        },
        {
          header: 'Country',
          className: 'whitespace-nowrap text-slate-700',
          cell: (item) => (
            <>
              <Flag code={item.countryCode} emoji={item.flag} className="mr-2 align-[-2px]" />
              {item.country}
            </>
          ),
        },
        {
          header: 'Type',
          className: 'whitespace-nowrap text-slate-700',
          cell: (item) => item.type,
        },
        {
          header: 'Purchased',
          className: 'whitespace-nowrap text-slate-600',
          cell: (item) => <DateCell iso={item.purchaseDate} />,
        },
        {
          header: 'Expires',
          className: 'whitespace-nowrap text-slate-600',
          cell: (item) => (
            <>
              <DateCell iso={item.expiryDate} />
              {item.expiryDate && typeof item.daysRemaining === 'number' && (
                <span className="ml-1 text-xs text-slate-500">{daysLabel(item.daysRemaining)}</span>
              )}
            </>
          ),
        },
        {
          header: 'Status',
          cell: (item) => (
            <>
              <NumberStatusBadge status={item.status} />
              {!item.autoRenew && item.status !== 'expired' && (
                <p className="mt-1 text-xs whitespace-nowrap text-slate-500">Renewal cancelled</p>
              )}
            </>
          ),
        },
        {
          header: 'Monthly Fee',
          className: 'whitespace-nowrap text-slate-900 tabular-nums',
          cell: (item) => usd(item.monthlyFee),
        },
        actionsColumn((item: MyNumber) => (
          <ActionsMenu label={`Actions for ${item.number}`} items={actionsFor(item, onAction)} />
        )),
      ]}
    />
  );
}
