import { Globe, Power, PowerOff, UserCog } from 'lucide-react';
import type { ActionsMenuItem } from '../../../components/ui/dialogs/actions-menu';
import type { RowActionsProps } from '../../../components/ui/tables/data-table';
import { listTable } from '../../../components/ui/tables/list-table';
import {
  moneyColumn,
  statusColumn,
  Time,
  TwoLineCell,
} from '../../../components/ui/tables/table-cells';
import type { AdminPhone } from '../api/get-phones';
import { statusTones, typeLabels } from './phone-labels';

export type PhoneAction = 'country' | 'reassign' | 'deactivate' | 'activate';

type PhonesTableProps = RowActionsProps<AdminPhone, PhoneAction>;

function actionsFor(phone: AdminPhone, { onAction }: PhonesTableProps): ActionsMenuItem[] {
  return [
    { label: 'Change Country', icon: Globe, onSelect: () => onAction('country', phone) },
    { label: 'Reassign Number', icon: UserCog, onSelect: () => onAction('reassign', phone) },
    phone.status === 'inactive'
      ? { label: 'Activate', icon: Power, onSelect: () => onAction('activate', phone) }
      : {
          label: 'Deactivate',
          icon: PowerOff,
          danger: true,
          onSelect: () => onAction('deactivate', phone),
        },
  ];
}

export const PhonesTable = listTable<AdminPhone, PhonesTableProps>({
  caption: 'Phone numbers',
  minWidth: 'min-w-[52rem]',
  rowClassName: 'align-top',
  columns: [
    {
      header: 'Number',
      className: 'whitespace-nowrap',
      cell: (phone) => (
        <TwoLineCell
          title={phone.number}
          titleClassName="font-mono font-semibold text-slate-900"
          detail={
            <>
              Added <Time value={phone.addedDate} />
            </>
          }
          detailClassName="text-xs text-slate-500"
        />
      ),
    },
    {
      header: 'Country',
      className: 'whitespace-nowrap text-slate-700',
      cell: (phone) => (
        <>
          {phone.country}
          <span className="ml-1 text-xs text-slate-500">{phone.countryCode}</span>
        </>
      ),
    },
    {
      header: 'Type',
      className: 'whitespace-nowrap text-slate-700',
      cell: (phone) => typeLabels[phone.type] ?? phone.type,
    },
    statusColumn(
      (phone: AdminPhone) => phone.status,
      (phone) => statusTones[phone.status] ?? 'gray',
    ),
    {
      header: 'Assigned To',
      className: 'text-slate-700',
      cell: (phone) => phone.assignedTo ?? <span className="text-slate-500">Unassigned</span>,
    },
    moneyColumn('Monthly Fee', (phone: AdminPhone) => phone.monthlyFee),
  ],
  menu: { name: (phone) => phone.number, items: actionsFor },
});
