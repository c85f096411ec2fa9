import { Globe, Power, PowerOff, UserCog } from 'lucide-react';
import { ActionsMenu, type ActionsMenuItem } from '../../../components/ui/actions-menu';
import { Badge } from '../../../components/ui/badge';
import { actionsColumn, DataTable } from '../../../components/ui/data-table';
import { Time, TwoLineCell } from '../../../components/ui/table-cells';
import { usd } from '../../../lib/core';
import type { AdminPhone } from '../api/get-phones';
import { statusTones, typeLabels } from './phone-labels';

export type PhoneAction = 'country' | 'reassign' | 'deactivate' | 'activate';

function actionsFor(phone: AdminPhone, onAction: PhonesTableProps['onAction']): ActionsMenuItem[] {
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

interface PhonesTableProps {
  items: AdminPhone[];
  onAction: (action: PhoneAction, phone: AdminPhone) => void;
}

export function PhonesTable({ items, onAction }: PhonesTableProps) {
  return (
    <DataTable
      caption="Phone numbers"
      minWidth="min-w-[52rem]"
      rowClassName="align-top"
      rows={items}
      rowKey={(phone) => phone.id}
      columns={[
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
        {
          header: 'Status',
          cell: (phone) => <Badge tone={statusTones[phone.status] ?? 'gray'}>{phone.status}</Badge>,
        },
        {
          header: 'Assigned To',
          className: 'text-slate-700',
          cell: (phone) => phone.assignedTo ?? <span className="text-slate-500">Unassigned</span>,
        },
        {
          header: 'Monthly Fee',
          className: 'whitespace-nowrap text-slate-900 tabular-nums',
          cell: (phone) => usd(phone.monthlyFee),
        },
        actionsColumn((phone: AdminPhone) => (
          <ActionsMenu label={`Actions for ${phone.number}`} items={actionsFor(phone, onAction)} />
        )),
      ]}
    />
  );
}
