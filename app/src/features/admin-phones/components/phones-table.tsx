import { Globe, Power, PowerOff, UserCog } from 'lucide-react';
import { ActionsMenu, type ActionsMenuItem } from '../../../components/ui/actions-menu';
import { Badge } from '../../../components/ui/badge';
import { usd } from '../../../lib/core';
import { formatDate } from '../../../lib/format-date';
import type { AdminPhone } from '../api/get-phones';
import { statusTones, typeLabels } from './phone-labels';
import { ScrollBox } from '../../../components/ui/scroll-box';

export type PhoneAction = 'country' | 'reassign' | 'deactivate' | 'activate';

const headings = ['Number', 'Country', 'Type', 'Status', 'Assigned To', 'Monthly Fee'];

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
    <ScrollBox label="Phone numbers">
      <table className="w-full min-w-[52rem] text-left text-sm">
        <caption className="sr-only">Phone numbers</caption>
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
          {items.map((phone) => (
            <tr key={phone.id} className="align-top">
              <td className="px-4 py-3 whitespace-nowrap">
                <p className="font-mono font-semibold text-slate-900">{phone.number}</p>
                <p className="text-xs text-slate-500">
                  Added <time dateTime={phone.addedDate}>{formatDate(phone.addedDate)}</time>
                </p>
              </td>
              <td className="px-4 py-3 whitespace-nowrap text-slate-700">
                {phone.country}
                <span className="ml-1 text-xs text-slate-500">{phone.countryCode}</span>
              </td>
              <td className="px-4 py-3 whitespace-nowrap text-slate-700">
                {typeLabels[phone.type] ?? phone.type}
              </td>
              <td className="px-4 py-3">
                <Badge tone={statusTones[phone.status] ?? 'gray'}>{phone.status}</Badge>
              </td>
              <td className="px-4 py-3 text-slate-700">
                {phone.assignedTo ?? <span className="text-slate-500">Unassigned</span>}
              </td>
              <td className="px-4 py-3 whitespace-nowrap text-slate-900 tabular-nums">
                {usd(phone.monthlyFee)}
              </td>
              <td className="px-4 py-2 text-right">
                <ActionsMenu
                  label={`Actions for ${phone.number}`}
                  items={actionsFor(phone, onAction)}
                />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollBox>
  );
}
