import { Button } from '../../../components/ui/button';
import { actionsColumn, DataTable, rowHeaderColumn } from '../../../components/ui/data-table';
import { statusColumn } from '../../../components/ui/table-cells';
import { formatDateTime } from '../../../lib/format-date';
import type { SipDevice } from '../api/get-devices';

interface DevicesTableProps {
  devices: SipDevice[];
  onDelete: (device: SipDevice) => void;
}

export function DevicesTable({ devices, onDelete }: DevicesTableProps) {
  return (
    <DataTable
      caption="SIP devices"
      rows={devices}
      minWidth="min-w-[40rem]"
      columns={[
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
      ]}
    />
  );
}
