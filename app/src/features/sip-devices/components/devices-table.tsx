import { Button } from '../../../components/ui/basics/button';
import { actionsColumn, rowHeaderColumn } from '../../../components/ui/tables/data-table';
import { listTable } from '../../../components/ui/tables/list-table';
import { statusColumn } from '../../../components/ui/tables/table-cells';
import { formatDateTime } from '../../../lib/format-date';
import type { SipDevice } from '../api/get-devices';

interface DevicesTableProps {
  onDelete: (device: SipDevice) => void;
}

export const DevicesTable = listTable<SipDevice, DevicesTableProps>({
  caption: 'SIP devices',
  minWidth: 'min-w-[40rem]',
  columns: ({ onDelete }) => [
    rowHeaderColumn(
      'Username',
      (d: SipDevice) => <span className="font-mono">{d.username}</span>,
      '',
    ),
    { header: 'Caller ID', cell: (d) => d.callerId },
    statusColumn<SipDevice>(
      (d) => (d.registered ? 'Registered' : 'Not registered'),
      (d) => (d.registered ? 'green' : 'gray'),
    ),
    {
      header: 'Last seen',
      cell: (d) =>
        d.lastSeen ? (
          <span>
            {formatDateTime(d.lastSeen)}
            {d.registeredFrom && (
              <span className="block text-xs text-slate-500">from {d.registeredFrom}</span>
            )}
          </span>
        ) : (
          'Never'
        ),
    },
    actionsColumn<SipDevice>((d) => (
      <Button variant="secondary" size="sm" onClick={() => onDelete(d)}>
        Delete<span className="sr-only"> {d.username}</span>
      </Button>
    )),
  ],
});
