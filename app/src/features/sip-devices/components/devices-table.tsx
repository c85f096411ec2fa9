import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { actionsColumn, DataTable } from '../../../components/ui/data-table';
import type { SipDevice } from '../api/get-devices';

const when = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

interface DevicesTableProps {
  devices: SipDevice[];
  onDelete: (device: SipDevice) => void;
}

export function DevicesTable({ devices, onDelete }: DevicesTableProps) {
  return (
    <DataTable
      caption="SIP devices"
      rows={devices}
      rowKey={(d) => d.id}
      minWidth="min-w-[40rem]"
      columns={[
        {
          header: 'Username',
          rowHeader: true,
          cell: (d) => <span className="font-mono">{d.username}</span>,
        },
        { header: 'Caller ID', cell: (d) => d.callerId },
        {
          header: 'Status',
          cell: (d) =>
            d.registered ? <Badge tone="green">Registered</Badge> : <Badge>Not registered</Badge>,
        },
        {
          header: 'Last seen',
          cell: (d) =>
            d.lastSeen ? (
              <span>
                {when.format(new Date(d.lastSeen))}
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
