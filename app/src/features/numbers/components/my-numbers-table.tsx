import { Copy, PhoneIncoming, RefreshCw, Webhook, XCircle } from 'lucide-react';
import type { ActionsMenuItem } from '../../../components/ui/dialogs/actions-menu';
import type { RowActionsProps } from '../../../components/ui/tables/data-table';
import { listTable } from '../../../components/ui/tables/list-table';
import {
  CountryCell,
  dateColumn,
  moneyColumn,
  NoValue,
  Time,
} from '../../../components/ui/tables/table-cells';
import type { MyNumber } from '../api/get-my-numbers';
import { NumberStatusBadge } from './number-status-badge';

export type NumberAction = 'copy' | 'cancel' | 'renew' | 'route' | 'hooks';

function actionsFor(item: MyNumber, { onAction }: MyNumbersTableProps) {
  const actions: ActionsMenuItem[] = [
    { label: 'Copy Number', icon: Copy, onSelect: () => onAction('copy', item) },
  ];
  if (item.status === 'active') {
    actions.push({
      label: 'Call Routing',
      icon: PhoneIncoming,
      onSelect: () => onAction('route', item),
    });
    actions.push({
      label: 'Voice & SMS URLs',
      icon: Webhook,
      onSelect: () => onAction('hooks', item),
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

function daysLabel(days: number): string {
  return days === 1 ? '(1 day)' : `(${days} days)`;
}

type MyNumbersTableProps = RowActionsProps<MyNumber, NumberAction>;

export const MyNumbersTable = listTable<MyNumber, MyNumbersTableProps>({
  caption: 'My phone numbers',
  minWidth: 'min-w-[56rem]',
  rowClassName: 'align-top',
  columns: [
    {
      header: 'Number',
      className: 'font-mono font-semibold whitespace-nowrap text-slate-900',
      cell: (item) => item.number,
    },
    {
      header: 'Country',
      className: 'whitespace-nowrap text-slate-700',
      cell: (item) => <CountryCell code={item.countryCode} flag={item.flag} name={item.country} />,
    },
    {
      header: 'Type',
      className: 'whitespace-nowrap text-slate-700',
      cell: (item) => item.type,
    },
    dateColumn('Purchased', (item: MyNumber) => item.purchaseDate, { muted: true }),
    {
      header: 'Expires',
      className: 'whitespace-nowrap text-slate-600',
      cell: (item) => (
        <>
          {item.expiryDate ? <Time value={item.expiryDate} /> : <NoValue />}
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
          {item.trial ? (
            <p className="mt-1 text-xs whitespace-nowrap text-brand-700">
              Free trial number: add funds to keep it
            </p>
          ) : (
            !item.autoRenew &&
            item.status !== 'expired' && (
              <p className="mt-1 text-xs whitespace-nowrap text-slate-500">Renewal cancelled</p>
            )
          )}
        </>
      ),
    },
    moneyColumn('Monthly Fee', (item: MyNumber) => item.monthlyFee),
  ],
  menu: { name: (item) => item.number, items: actionsFor },
});
